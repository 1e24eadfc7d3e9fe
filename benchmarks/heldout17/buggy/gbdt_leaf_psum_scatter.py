"""GBDT leaf values: per-leaf sums assembled on every worker, then scattered back by leaf block."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class LeafUpdater:
    axis = "workers"

    def assemble(self, leaf_grad):
        return jax.lax.all_gather(leaf_grad, self.axis, axis=0, tiled=True, to="reduced")

    def scatter(self, full):
        return jax.lax.psum_scatter(full, self.axis, scatter_dimension=0, tiled=True)

    def __call__(self, leaf_grad):
        return self.scatter(self.assemble(leaf_grad))


def inputs():
    mesh = jax.make_mesh((8,), ("workers",))
    return mesh, jnp.arange(16.0)


def main(mesh, leaf_grad):
    upd = LeafUpdater()
    leaf_grad = jax.device_put(leaf_grad, NamedSharding(mesh, P(upd.axis)))
    f = jax.shard_map(upd, mesh=mesh, in_specs=P(upd.axis), out_specs=P(upd.axis))
    return f(leaf_grad)
