"""A generator reads the table when it resumes: a store between items is seen."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


TABLE = {"a": P(None, None), "b": P(None, None)}


def outs():
    yield TABLE["a"]
    yield TABLE["b"]


def main(mesh, x):
    gen = outs()
    next(gen)
    TABLE["b"] = P(None, None, reduced={"i"})
    out = next(gen)
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        return top_level_all_gather(a, out)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    return mesh, np.arange(64, dtype=np.float32).reshape(8, 8)


if __name__ == "__main__":
    main(*inputs())
