"""dataclasses.replace runs __post_init__ again, which derives the out spec from the new axes."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

import dataclasses


@dataclasses.dataclass
class Layout:
    axis: str = "j"
    out: object = dataclasses.field(init=False, default=None)

    def __post_init__(self):
        self.out = P(None, None, reduced={self.axis})


def main(mesh, x):
    layout = dataclasses.replace(Layout(), axis="j")
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        return top_level_all_gather(a, layout.out)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    return mesh, np.arange(64, dtype=np.float32).reshape(8, 8)


if __name__ == "__main__":
    main(*inputs())
