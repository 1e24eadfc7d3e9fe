"""A leaf gatherer made by a factory reads its own call's plan, which nothing changes: the second
round gathers over 'j' a leaf the first round already gathered to reduced over 'j'."""
import jax
from jax.sharding import PartitionSpec as P
from jax.tree_util import tree_map_with_path


def stage_gather(plan):
    def gather_leaf(path, x):
        axes = plan.get(path[0].key)
        if axes is None:
            return x
        return jax.lax.all_gather(x, axes, axis=0, tiled=True, to="reduced")  # SF103

    return gather_leaf


def main(mesh, x):
    def body(tree):
        gather = stage_gather({"a": "j"})
        for _ in range(2):
            tree = tree_map_with_path(gather, tree)
        return tree

    return jax.shard_map(body, mesh=mesh, in_specs=({"a": P("j", "i")},),
                         out_specs={"a": P(None, "i", reduced={"j"})})({"a": x})
