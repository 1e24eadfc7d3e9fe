import operator

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

_OPS = {">": operator.gt, "<": operator.lt, "==": operator.eq}
# one layout per number of groups: only a run that counts the groups knows which is asked for
OUT_BY_GROUPS = {4: P(None, "j", reduced={"i"}), 8: P("j", None, reduced={"i"})}


def group_means(labels, values, how="mean"):
    keys, codes = np.unique(labels, return_inverse=True)
    fn = getattr(np, how)
    return keys, np.array([fn(values[codes == g]) for g in range(len(keys))])


def kept(labels, values, op, limit):
    mask = _OPS[op](labels, limit)
    return labels[mask], values[mask]


def main(mesh):
    labels = np.tile(np.arange(8), 4)
    values = np.linspace(0.0, 1.0, labels.size)
    labels, values = kept(labels, values, "<", 8)  # (every label is below 8: eight groups)
    keys, means = group_means(labels, values)
    table = np.stack([means] * len(keys)).astype(np.float32)
    with jax.set_mesh(mesh):
        placed = jax.device_put(table, NamedSharding(mesh, P("i", "j")))
        return top_level_all_gather(placed, OUT_BY_GROUPS[len(keys)])  # SF104: out spec not a prefix of the in spec


if __name__ == "__main__":
    main(jax.make_mesh((2, 4), ("i", "j")))
