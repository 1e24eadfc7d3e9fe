import dataclasses
from dataclasses import dataclass
import jax
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P
import equinox as eqx


class Config:
    def __init__(self, axis):
        self.axis = axis

    def retarget(self, block):
        block.axis = "j"


class Block(eqx.Module):
    axis: str

    def __call__(self, x):
        s = lax.pmean(x, self.axis)
        return lax.all_gather(s, self.axis, to="reduced", tiled=True)  # none


def main(mesh, x):
    block = Block(axis="i")
    Config("i").retarget(block)
    return jax.shard_map(block, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j", reduced={"i"}))(x)
