"""The helper only counts in the caller's list: it stays empty, so the second round sums over 'j' too."""
import jax
from jax.sharding import PartitionSpec as P


def reduce_once(v, axes, log):
    if log:
        return v
    log.count(axes)
    return jax.lax.psum(v, axes)  # SF105


def main(mesh, x):
    def body(block):
        counts = jax.lax.psum(block, "j")
        log = []
        total = counts
        for axes in (("i",), ("i", "j")):
            total = reduce_once(counts, axes, log)
        return jax.lax.pmean(total, "i")

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
