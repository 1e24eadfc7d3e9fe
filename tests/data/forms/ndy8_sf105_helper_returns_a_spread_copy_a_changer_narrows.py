"""`{**CONFIG, ...}` shares CONFIG's nested section: narrowing the copy's section narrows CONFIG's,
and the second psum sums over 'i' alone."""
import jax
from jax.sharding import PartitionSpec as P

CONFIG = {"mesh": {"sync": ("i", "j")}, "name": "base"}


def with_name(name):
    return {**CONFIG, "name": name}


def narrow(cfg):
    cfg["mesh"]["sync"] = ("i",)


def main(mesh, x):
    narrow(with_name("rows"))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, CONFIG["mesh"]["sync"])

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
