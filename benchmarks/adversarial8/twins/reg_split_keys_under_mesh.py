"""Command names come from a config string split on commas; each runs under the mesh."""
import contextlib
import functools
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


COMMANDS = {}
PIPELINE = "scale,export"


def command(name):
    def deco(fn):
        COMMANDS[name] = fn
        return fn
    return deco


@command("export")
def export(w):
    return top_level_all_gather(w, P(None, "model", reduced={"data"}))


@command("scale")
def scale(w):
    return w * 0.5


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    w = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    with contextlib.nullcontext(mesh):
        for name in PIPELINE.split(","):
            w = COMMANDS[name](w)
    return w


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


if __name__ == "__main__":
    print(main(*inputs()))
