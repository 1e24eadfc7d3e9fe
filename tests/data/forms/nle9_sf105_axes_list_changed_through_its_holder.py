import jax
from jax.sharding import PartitionSpec as P

SYNC = ["i", "j"]
ALL = {"sync": SYNC}


def body(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, axis_name=tuple(SYNC))


def main(mesh, x):
    ALL["sync"].pop()
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
