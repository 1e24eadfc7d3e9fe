"""Production training loop: the trainer logs how many examples touched each feature column."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class MeshConfig:
    shape: tuple = (2, 4)
    names: tuple = ("data", "model")


@dataclasses.dataclass
class TrainerConfig:
    steps: int = 3
    log_every: int = 1
    mesh: MeshConfig = dataclasses.field(default_factory=MeshConfig)


class Trainer:
    def __init__(self, cfg: TrainerConfig):
        self.cfg = cfg
        self.mesh = jax.make_mesh(cfg.mesh.shape, cfg.mesh.names)
        self.data_axis, self.model_axis = cfg.mesh.names

    def _log_step(self, weights):
        seen = (weights != 0).sum(axis=0).astype(jnp.float32)
        per_shard = jax.lax.psum(seen, self.data_axis)
        return jax.lax.all_gather(per_shard, self.data_axis, to="reduced")

    def run(self, weights):
        spec = P(self.data_axis, self.model_axis)
        weights = jax.device_put(weights, NamedSharding(self.mesh, spec))
        log = jax.shard_map(self._log_step, mesh=self.mesh, in_specs=spec,
                            out_specs=P(None, self.model_axis, reduced={self.data_axis}))
        history = []
        for step in range(self.cfg.steps):
            if step % self.cfg.log_every == 0:
                history.append(log(weights))
        return history


def inputs():
    return (np.ones((16, 8), np.float32),)


def main(weights):
    return Trainer(TrainerConfig()).run(weights)


if __name__ == "__main__":
    main(*inputs())
