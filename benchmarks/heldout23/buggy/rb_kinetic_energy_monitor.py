import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def energy_monitor(mesh):
    *_, body_axis = mesh.axis_names
    spec = P(mesh.axis_names, None)

    def body(vel, mass):
        ke = 0.5 * jnp.sum(mass * jnp.sum(vel * vel, axis=-1))
        island_ke = jax.lax.psum(ke, body_axis)
        total_ke = jax.lax.psum(island_ke, mesh.axis_names)
        return island_ke.reshape(1), total_ke

    return jax.shard_map(body, mesh=mesh, in_specs=(spec, P(mesh.axis_names)),
                         out_specs=(P(mesh.axis_names[0]), P()))


def inputs():
    rng = np.random.default_rng(16)
    return (rng.normal(size=(32, 3)).astype(np.float32),
            rng.uniform(0.5, 2.0, size=(32,)).astype(np.float32))


def main(vel, mass):
    mesh = jax.make_mesh((2, 4), ("island", "body"))
    vel = jax.device_put(vel, NamedSharding(mesh, P(mesh.axis_names, None)))
    mass = jax.device_put(mass, NamedSharding(mesh, P(mesh.axis_names)))
    return energy_monitor(mesh)(vel, mass)


if __name__ == "__main__":
    print(main(*inputs()))
