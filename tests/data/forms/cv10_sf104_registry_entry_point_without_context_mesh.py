"""A launcher runs entry points a decorator files in a registry: `train` sets a context mesh,
`export` does not, and both run only through `ENTRYPOINTS[command](...)` from the script. The
export's `top_level_all_gather` therefore runs with no context mesh."""
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
    return top_level_all_gather(x, P("i", None, reduced={"j"}))  # SF104


def launch(command, mesh, x):
    return ENTRYPOINTS[command](mesh, x)


def main(mesh, x):
    launch("train", mesh, x)
    return launch("export", mesh, x)


if __name__ == "__main__":
    main(jax.make_mesh((2, 4), ("i", "j"), axis_types=(jax.sharding.AxisType.Explicit,) * 2), jnp.ones((8, 8)))
