"""The cached_property was read before the field changed: the cached one-axis tuple is kept."""
from dataclasses import KW_ONLY, dataclass
from functools import cached_property

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def run(axes):
    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=MESH, in_specs=P("i", "j"), out_specs=P())(X)


MESH = jax.make_mesh((2, 4), ("i", "j"))
X = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(MESH, P("i", "j")))


@dataclass
class Layout:
    rows: str
    _: KW_ONLY
    cols: str = "i"

    def __post_init__(self):
        self.rows = self.rows.strip().lower()

    @cached_property
    def axes(self):
        return (self.rows,) if self.rows == self.cols else (self.rows, self.cols)


def main():
    lay = Layout(" I ")
    first = lay.axes
    lay.cols = "j"
    return run(lay.axes)


if __name__ == "__main__":
    main()
