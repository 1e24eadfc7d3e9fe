"""A ClassVar annotation is no dataclass field: fields() starts at out."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

import dataclasses
from typing import ClassVar


@dataclasses.dataclass
class Layout:
    legacy_out: ClassVar[object] = P(None, None)
    out: object = P(None, None, reduced={"i"})


def main(mesh, x):
    layout = Layout()
    first = dataclasses.fields(layout)[0].name
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        return top_level_all_gather(a, getattr(layout, first))


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    return mesh, np.arange(64, dtype=np.float32).reshape(8, 8)


if __name__ == "__main__":
    main(*inputs())
