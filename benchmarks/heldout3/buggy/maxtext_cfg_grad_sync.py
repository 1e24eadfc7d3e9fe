"""A config-driven trainer step: gradients summed over data, then stored replicated."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class MeshConfig:
    ici_data_parallelism: int = 2
    ici_tensor_parallelism: int = 4
    data_axis: str = "data"
    tensor_axis: str = "tensor"

    @property
    def axis_names(self):
        return (self.data_axis, self.tensor_axis)


def create_mesh(cfg):
    return jax.make_mesh((cfg.ici_data_parallelism, cfg.ici_tensor_parallelism), cfg.axis_names)


class Trainer:
    def __init__(self, cfg):
        self.cfg = cfg
        self.mesh = create_mesh(cfg)

    def _local_grads(self, w, batch):
        def loss(w):
            return jnp.sum((batch @ w) ** 2)
        return jax.grad(loss)(w)

    def _step_body(self, w, batch):
        g = self._local_grads(w, batch)
        g = lax.psum(g, self.cfg.data_axis)
        full = lax.all_gather(g, self.cfg.data_axis, to="reduced", tiled=True)
        return full

    def train_step(self, w, batch):
        cfg = self.cfg
        fn = jax.shard_map(
            self._step_body, mesh=self.mesh,
            in_specs=(P(None, cfg.tensor_axis), P(cfg.data_axis, None)),
            out_specs=P(None, cfg.tensor_axis, reduced={cfg.data_axis}))
        return jax.jit(fn)(w, batch)


def inputs():
    return (np.linspace(0, 1, 64, dtype=np.float32).reshape(8, 8),
            np.ones((16, 8), np.float32))


def main(w, batch):
    trainer = Trainer(MeshConfig())
    w = jax.device_put(w, NamedSharding(trainer.mesh, P(None, "tensor")))
    batch = jax.device_put(batch, NamedSharding(trainer.mesh, P("data", None)))
    return trainer.train_step(w, batch)


if __name__ == "__main__":
    print(main(*inputs()))
