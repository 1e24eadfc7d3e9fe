"""A CLI object's run method enters its mesh and calls COMMANDS[name](...)."""
import contextlib
import functools
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


COMMANDS = {}


def command(name):
    def deco(fn):
        COMMANDS[name] = fn
        return fn
    return deco


@command("export")
def export(w):
    return top_level_all_gather(w, P(None, "model", reduced={"data"}))


class CLI:
    def __init__(self, mesh):
        self.mesh = mesh

    def run(self, name, w):
        with jax.set_mesh(self.mesh):
            return COMMANDS[name](w)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    w = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    return CLI(mesh).run("export", w)


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


if __name__ == "__main__":
    print(main(*inputs()))
