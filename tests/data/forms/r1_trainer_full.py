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
class ParallelConfig:
    data: str = "data"
    model: str = "model"

@dataclass(frozen=True)
class TrainConfig:
    parallel: ParallelConfig = field(default_factory=ParallelConfig)
    lr: float = 0.1
    sync_mode: str = "sum"

class Trainer:
    def __init__(self, config: TrainConfig, mesh):
        self.config = config
        self.mesh = mesh
        self._train_step = jax.jit(self._build())

    def _sync(self, grads):
        ax = self.config.parallel.data
        if self.config.sync_mode == "sum":
            return jax.tree.map(lambda g: lax.psum(g, ax), grads)
        return jax.tree.map(lambda g: lax.pmean(g, ax), grads)

    def _step(self, params, batch):
        grads = {k: v * batch for k, v in params.items()}
        grads = self._sync(grads)
        full = lax.all_gather(grads["w"], self.config.parallel.data, to="reduced", tiled=True)  # SF101
        return full

    def _build(self):
        p = self.config.parallel
        return jax.shard_map(self._step, mesh=self.mesh,
                             in_specs=({"w": P(p.data, p.model), "b": P(p.data, p.model)}, P(p.data, p.model)),
                             out_specs=P(None, p.model, reduced={p.data}))

def main(params, batch):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    trainer = Trainer(TrainConfig(), mesh)
    return trainer._train_step(params, batch)
