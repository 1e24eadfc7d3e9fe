"""Process simulation: implanted doping profile assembled for the device simulator."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def make_profile_body(mesh, projected_range=0.1, straggle=0.03):
    lateral = mesh.axis_names[0]

    def body(depth_nodes, dose):
        gaussian = dose / (np.sqrt(2.0 * np.pi) * straggle) * jnp.exp(
            -0.5 * ((depth_nodes - projected_range) / straggle) ** 2)
        rows = jax.lax.all_gather(gaussian, lateral, axis=0, tiled=True, to="reduced")
        return jax.lax.all_gather(rows, mesh.axis_names, axis=1, tiled=True, to="reduced")

    return body


def inputs():
    depth = np.tile(np.linspace(0.0, 0.4, 16, dtype=np.float32), (8, 1))
    dose = np.full((8, 16), 1.0e-3, np.float32)
    return depth, dose


def main(depth, dose):
    mesh = jax.make_mesh((2, 4), ("lateral", "depth"))
    sharding = NamedSharding(mesh, P("lateral", "depth"))
    depth, dose = jax.device_put(depth, sharding), jax.device_put(dose, sharding)
    return jax.shard_map(make_profile_body(mesh), mesh=mesh,
                         in_specs=(P("lateral", "depth"), P("lateral", "depth")),
                         out_specs=P(None, None, reduced={"lateral", "depth"}))(depth, dose)


if __name__ == "__main__":
    main(*inputs())
