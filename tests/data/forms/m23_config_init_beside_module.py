import dataclasses
from dataclasses import dataclass
import jax
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P
import equinox as eqx


class Config:
    def __init__(self, axis, model_axis="j"):
        self.axis = axis
        self.model_axis = model_axis


class Block(eqx.Module):
    axis: str

    def __call__(self, x):
        s = lax.pmean(x, self.axis)
        return lax.all_gather(s, self.axis, to="reduced", tiled=True)  # SF101


class Head:
    def __init__(self, cfg):
        self.cfg = cfg

    def body(self, x):
        s = lax.psum(x, self.cfg.axis)
        return lax.all_gather(s, self.cfg.axis, to="reduced", tiled=True)  # SF101

    def run(self, mesh, x):
        return jax.shard_map(self.body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j", reduced={"i"}))(x)


def main(mesh, x):
    cfg = Config(axis="i")
    block = Block(axis=cfg.axis)
    y = jax.shard_map(block, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j", reduced={"i"}))(x)
    return y, Head(cfg=Config(axis="i")).run(mesh, x)
