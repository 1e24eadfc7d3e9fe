"""NamedTuple._replace changes one field of a layout record."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

from typing import NamedTuple


class Layout(NamedTuple):
    placed: object = P("i", None)
    out: object = P(None, None)


def main(mesh, x):
    layout = Layout()._replace(placed=P("i", None))
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, layout.placed))
        return top_level_all_gather(a, layout.out)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    return mesh, np.arange(64, dtype=np.float32).reshape(8, 8)


if __name__ == "__main__":
    main(*inputs())
