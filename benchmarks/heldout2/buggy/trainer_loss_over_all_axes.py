"""A data x tensor parallel regression trainer (ported from a jax 0.4 codebase)."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class MeshConfig:
    data: str = "data"
    model: str = "model"

    @property
    def all_axes(self):
        return (self.data, self.model)


class RegressionTrainer:
    def __init__(self, mesh, cfg=MeshConfig()):
        self.mesh, self.cfg = mesh, cfg

    def loss_and_metrics(self, w, x, y):
        pred = jax.lax.psum(x @ w, self.cfg.model)
        per_example = (pred - y) ** 2
        loss = jax.lax.psum(per_example.sum(), self.cfg.all_axes) / (y.shape[0] * 2)
        return loss

    def __call__(self, w, x, y):
        c = self.cfg
        fn = jax.shard_map(
            self.loss_and_metrics,
            mesh=self.mesh,
            in_specs=(P(c.model, None), P(c.data, c.model), P(c.data, None)),
            out_specs=P(),
        )
        return fn(w, x, y)


def inputs():
    return np.ones((8, 1), np.float32), np.ones((4, 8), np.float32), np.zeros((4, 1), np.float32)


def main(w, x, y):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    w = jax.device_put(w, NamedSharding(mesh, P("model", None)))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    y = jax.device_put(y, NamedSharding(mesh, P("data", None)))
    return RegressionTrainer(mesh)(w, x, y)
