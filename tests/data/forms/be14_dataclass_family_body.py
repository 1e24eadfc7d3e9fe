import dataclasses

import jax
from jax.sharding import PartitionSpec as P


@dataclasses.dataclass
class Block:
    rows: str = "i"
    cols: str = "j"

    def body(self, v):
        s = jax.lax.psum(v, self.cols)
        return jax.lax.pmean(s, (self.rows, self.cols))  # SF105

    def apply(self, mesh, x):
        return jax.shard_map(self.body, mesh=mesh, in_specs=P(self.rows, self.cols), out_specs=P())(x)


@dataclasses.dataclass
class WideBlock(Block):
    width: int = 4


def main(mesh, x):
    return WideBlock(width=8).apply(mesh, x)
