"""Data-parallel trainer whose step also exports a loss-scale table for the logger."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class TrainerConfig:
    batch_axis: str = "data"
    model_axis: str = "model"
    lr: float = 1e-2


class Trainer:
    def __init__(self, cfg: TrainerConfig, mesh):
        self.cfg = cfg
        self.mesh = mesh

    def _step_body(self, w, x):
        pred = x @ w
        err = pred - 1.0
        grad = x.T @ err / x.shape[0]
        grad = jax.lax.psum(grad, self.cfg.batch_axis)
        scale_table = jax.lax.all_gather(grad, self.cfg.batch_axis, to="reduced", tiled=True)
        return w - self.cfg.lr * grad, scale_table

    def step(self, w, x):
        fn = jax.shard_map(
            self._step_body,
            mesh=self.mesh,
            in_specs=(P(None, self.cfg.model_axis), P(self.cfg.batch_axis, None)),
            out_specs=(P(None, self.cfg.model_axis), P(None, self.cfg.model_axis, reduced={self.cfg.batch_axis})),
        )
        return fn(w, x)


def inputs():
    return np.ones((16, 8), np.float32), np.linspace(0, 1, 8 * 16, dtype=np.float32).reshape(8, 16)


def main(w, x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    w = jax.device_put(w, NamedSharding(mesh, P(None, "model")))
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))
    return Trainer(TrainerConfig(), mesh).step(w, x)
