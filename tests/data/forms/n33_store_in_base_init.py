import dataclasses
from dataclasses import dataclass
import jax
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P
import equinox as eqx


class Base:
    def __init__(self, axis):
        self.axis = axis


class Block(Base):
    axis = "i"

    def __call__(self, x):
        s = lax.pmean(x, self.axis)
        return lax.all_gather(s, "i", to="reduced", tiled=True)  # none


def main(mesh, x):
    block = Block("j")
    return jax.shard_map(block, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j", reduced={"i"}))(x)
