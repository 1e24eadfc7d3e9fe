"""A registered name is deleted and filed again under another class."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P

REDUCERS = {}


def register(name):
    def wrap(fn):
        REDUCERS[name] = fn
        return fn

    return wrap


@register("reduce")
def sum_all(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, ("i", "j"))


def sum_rows(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, ("i",))


del REDUCERS["reduce"]
register("reduce")(sum_all)


def main(mesh, x):
    return jax.shard_map(REDUCERS["reduce"], mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
