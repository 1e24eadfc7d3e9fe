"""Solidification monitor: solid fraction of each row block from the gathered order parameter."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class SolidFractionMonitor:
    def __init__(self, col_axis="cols", threshold=0.5):
        self.col_axis = col_axis
        self.threshold = threshold

    def __call__(self, phi):
        phi_all = jax.lax.all_gather(phi, self.col_axis, axis=1, tiled=True, to="reduced")
        solid = phi_all > self.threshold
        return solid.astype(jnp.float32).sum(axis=1)


def inputs():
    rng = np.random.default_rng(65)
    return (rng.uniform(0.0, 1.0, (8, 16)).astype(np.float32),)


def main(phi):
    mesh = jax.make_mesh((2, 4), ("rows", "cols"))
    phi = jax.device_put(phi, NamedSharding(mesh, P("rows", "cols")))
    return jax.shard_map(SolidFractionMonitor(), mesh=mesh, in_specs=P("rows", "cols"),
                         out_specs=P("rows"))(phi)


if __name__ == "__main__":
    main(*inputs())
