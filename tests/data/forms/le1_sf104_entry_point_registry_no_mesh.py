import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

COMMANDS = {}


def command(name):
    def register(fn):
        COMMANDS[name] = fn
        return fn
    return register


@command("train")
def train(mesh, x):
    x = jax.device_put(x, NamedSharding(mesh, P("i")))
    with jax.set_mesh(mesh):
        return jax.jit(lambda a: a * 2)(x)


@command("export")
def export(mesh, x):
    x = jax.device_put(x, NamedSharding(mesh, P("i")))
    return top_level_all_gather(x, P(None, reduced={"i"}))  # SF104: run only through run_command, outside any mesh


def run_command(name, mesh, x):
    return COMMANDS[name](mesh, x)


def main(mesh, x):
    run_command("train", mesh, x)
    return run_command("export", mesh, np.asarray(x))


if __name__ == "__main__":
    main(jax.make_mesh((2, 4), ("i", "j")), np.ones((8, 8), np.float32))
