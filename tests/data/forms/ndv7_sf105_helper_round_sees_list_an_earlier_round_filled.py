"""A helper called in each loop round stops reducing once the caller's list holds an entry the
first round appended: the second round returns before its psum."""
import jax
from jax.sharding import PartitionSpec as P


def reduce_once(v, axes, log):
    if log:
        return v
    log.append(axes)
    return jax.lax.psum(v, axes)


def main(mesh, x):
    def body(block):
        counts = jax.lax.psum(block, "j")
        log = []
        total = counts
        for axes in (("i",), ("i", "j")):
            total = reduce_once(counts, axes, log)
        return jax.lax.pmean(total, "i")

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
