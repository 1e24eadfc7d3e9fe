import dataclasses

import jax
from jax.sharding import PartitionSpec as P


@dataclasses.dataclass
class Block:
    rows: str = "i"
    cols: str = "j"
    axes: tuple = ("i", "j")

    def body(self, v):
        s = jax.lax.psum(v, self.cols)
        return jax.lax.pmean(s, self.axes)

    def apply(self, mesh, x):
        return jax.shard_map(self.body, mesh=mesh, in_specs=P(self.rows, self.cols), out_specs=P("i"))(x)


@dataclasses.dataclass
class ColumnBlock(Block):
    axes: tuple = ("j",)


def main(mesh, x):
    return ColumnBlock().apply(mesh, x)
