"""Two registries both hold an 'export' key; the debug table's entry (no gather) runs outside the mesh."""
import contextlib
import functools
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


COMMANDS = {}
DEBUG = {}


def command(name):
    def deco(fn):
        COMMANDS[name] = fn
        return fn
    return deco


def debug_command(name):
    def deco(fn):
        DEBUG[name] = fn
        return fn
    return deco


@command("export")
def export(w):
    return top_level_all_gather(w, P(None, "model", reduced={"data"}))


@debug_command("export")
def export_debug(w):
    return jnp.sum(w)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    w = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    with jax.set_mesh(mesh):
        out = COMMANDS["export"](w)
    return out, COMMANDS["export"](w)


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


if __name__ == "__main__":
    print(main(*inputs()))
