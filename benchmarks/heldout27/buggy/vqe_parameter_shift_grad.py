"""Parameter-shift gradients: shifted energies of every circuit replica are averaged."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SHIFT = np.pi / 2


def make_gradient_fn(replica_axis):
    def energies(thetas, coeffs):
        def energy(t):
            return jnp.sum(coeffs * jnp.cos(t), axis=-1)

        return energy(thetas + SHIFT), energy(thetas - SHIFT)

    def grad_fn(thetas, coeffs):
        plus, minus = energies(thetas, coeffs)
        diff = jax.lax.all_gather(0.5 * (plus - minus), replica_axis, axis=0, tiled=True, to="reduced")
        return jax.lax.pmean(diff, replica_axis)

    return grad_fn


def inputs():
    rng = np.random.default_rng(52)
    return rng.uniform(0, 2 * np.pi, size=(8, 6)).astype(np.float32), rng.normal(size=(8, 6)).astype(np.float32)


def main(thetas, coeffs):
    mesh = jax.make_mesh((8,), ("replica",))
    thetas = jax.device_put(thetas, NamedSharding(mesh, P("replica", None)))
    coeffs = jax.device_put(coeffs, NamedSharding(mesh, P("replica", None)))
    fn = jax.shard_map(make_gradient_fn("replica"), mesh=mesh, in_specs=(P("replica", None), P("replica", None)),
                       out_specs=P())
    return fn(thetas, coeffs)


if __name__ == "__main__":
    print(main(*inputs()))
