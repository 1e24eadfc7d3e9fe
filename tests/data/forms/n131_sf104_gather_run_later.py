import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def export_lazily(x, axis):
    yield top_level_all_gather(x, P(None, reduced={axis}))  # none: the generator runs where it is iterated


def export_later(x):
    return lambda: top_level_all_gather(x, P(None, reduced={"i"}))  # none: called under the mesh


def export_each(xs):
    return (top_level_all_gather(x, P(None, reduced={"i"})) for x in xs)  # none: consumed under the mesh


def place(mesh, x):
    with jax.set_mesh(mesh):
        return jax.device_put(x, NamedSharding(mesh, P("i")))


def main(mesh, x):
    x = place(mesh, x)
    rows = export_lazily(x, "i")
    later = export_later(x)
    each = export_each([x])
    with jax.set_mesh(mesh):
        return next(rows), later(), list(each)


if __name__ == "__main__":
    print(main(jax.make_mesh((2, 4), ("i", "j")), np.ones((8, 8), np.float32)))
