"""The same launcher, but the registry is also handed to a runner the file does not show
(`run_all(ENTRYPOINTS)`), which may set a mesh around the export: its context is not known."""
import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

ENTRYPOINTS = {}


def entrypoint(name):
    def register(fn):
        ENTRYPOINTS[name] = fn
        return fn
    return register


@entrypoint("train")
def train(mesh, x):
    with jax.set_mesh(mesh):
        return x * 2.0


@entrypoint("export")
def export(mesh, x):
    x = jax.device_put(x, NamedSharding(mesh, P("i", "j")))
    return top_level_all_gather(x, P("i", None, reduced={"j"}))


def launch(command, mesh, x):
    return ENTRYPOINTS[command](mesh, x)


def run_all(table, mesh, x):
    with jax.set_mesh(mesh):
        return [table[name](mesh, x) for name in ("train", "export")]


def main(mesh, x):
    return run_all(ENTRYPOINTS, mesh, x)


if __name__ == "__main__":
    main(jax.make_mesh((2, 4), ("i", "j"), axis_types=(jax.sharding.AxisType.Explicit,) * 2), jnp.ones((8, 8)))
