import jax
from jax.sharding import PartitionSpec as P

SYNC = ["i", "j"]
LISTS = []
LISTS.append(SYNC)


def body(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, axis_name=tuple(SYNC))


def main(mesh, x):
    for axes in LISTS:
        axes.remove("j")
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
