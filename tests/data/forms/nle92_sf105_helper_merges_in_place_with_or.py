"""`cfg |= {...}` in a helper merges into the dict the caller handed, in place."""
import jax
from jax.sharding import PartitionSpec as P

CONFIG = {"sync": ("i", "j"), "name": "base"}


def narrow(cfg):
    cfg |= {"sync": ("i",)}


def main(mesh, x):
    narrow(CONFIG)

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, CONFIG["sync"])

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
