import dataclasses
import functools
from dataclasses import dataclass, field
from functools import partial
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P
@dataclass(frozen=True)
class ShardingConfig:
    batch_axis: str = "data"
    model_axis: str = "model"

@dataclass(frozen=True)
class TrainConfig:
    sharding: ShardingConfig = field(default_factory=ShardingConfig)
    lr: float = 3e-4
    steps: int = 10

class Dense:
    def __init__(self, cfg: ShardingConfig):
        self.cfg = cfg

    def __call__(self, x, w):
        h = x @ w
        h = lax.psum(h, self.cfg.model_axis)
        return lax.all_gather(h, self.cfg.model_axis, to="reduced", tiled=True, axis=1)  # SF101

class Trainer:
    def __init__(self, cfg: TrainConfig):
        self.cfg = cfg
        self.dense = Dense(cfg.sharding)

    def loss(self, x, w):
        out = self.dense(x, w)
        return out

    def compile(self, mesh):
        s = self.cfg.sharding
        return jax.jit(jax.shard_map(self.loss, mesh=mesh,
                                     in_specs=(P(s.batch_axis, s.model_axis), P(s.model_axis, None)),
                                     out_specs=P(s.batch_axis, None, reduced={s.model_axis})))

def main():
    cfg = TrainConfig()
    trainer = Trainer(cfg)
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    return trainer.compile(mesh)
