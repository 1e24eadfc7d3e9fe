"""IVF-PQ index build: index leaves gathered in stages, each stage a per-leaf axis plan."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax.tree_util import tree_map_with_path

SHARD, SUB = "shard", "sub"
STAGES = (
    {"coarse": SUB, "residual": SUB},
    {"residual": (SHARD, SUB)},
)


def stage_gather(plan):
    def gather_leaf(path, x):
        axes = plan.get(path[0].key)
        if axes is None:
            return x
        return jax.lax.all_gather(x, axes, axis=0, tiled=True, to="reduced")
    return gather_leaf


def build(index):
    for plan in STAGES:
        index = tree_map_with_path(stage_gather(plan), index)
    return index


def inputs():
    rng = np.random.default_rng(35)
    return ({"coarse": rng.normal(size=(8, 4)).astype(np.float32),
             "residual": rng.normal(size=(8, 4)).astype(np.float32)},)


def main(index):
    mesh = jax.make_mesh((2, 4), (SHARD, SUB))
    specs = {"coarse": P(SUB, SHARD), "residual": P(SUB, SHARD)}
    index = jax.tree.map(lambda x, s: jax.device_put(x, NamedSharding(mesh, s)), index, specs)
    out = {"coarse": P(None, SHARD, reduced={SUB}), "residual": P(reduced={SHARD, SUB})}
    return jax.shard_map(build, mesh=mesh, in_specs=(specs,), out_specs=out)(index)


if __name__ == "__main__":
    print(jax.tree.map(jnp.shape, main(*inputs())))
