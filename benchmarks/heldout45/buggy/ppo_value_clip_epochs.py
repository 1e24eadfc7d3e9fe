"""PPO learner: clipped value loss over update epochs, returns normalised by a gathered scale."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class LearnerConfig:
    clip_eps: float = 0.2
    vf_coef: float = 0.5
    update_epochs: int = 3
    env_axis: str = "env"
    model_axis: str = "model"


class PPOLearner:
    def __init__(self, cfg: LearnerConfig, mesh):
        self.cfg = cfg
        self.mesh = mesh
        row = P(cfg.env_axis)
        self._value_loss = jax.jit(jax.shard_map(
            self.value_loss, mesh=mesh, in_specs=(row, row, row), out_specs=P()))

    def gathered_returns(self, returns):
        return jax.lax.all_gather(returns, self.cfg.env_axis, tiled=True, to="reduced")

    def value_loss(self, values, old_values, returns):
        cfg = self.cfg
        full = self.gathered_returns(returns)
        energy = (full * full).sum()
        scale = jax.lax.psum(energy, cfg.env_axis)
        total = jnp.zeros((), values.dtype)
        for _ in range(cfg.update_epochs):
            clipped = old_values + jnp.clip(values - old_values, -cfg.clip_eps, cfg.clip_eps)
            unclipped_loss = jnp.square(values - returns)
            clipped_loss = jnp.square(clipped - returns)
            total = total + jnp.maximum(unclipped_loss, clipped_loss).sum()
        total = jax.lax.psum(total, cfg.env_axis)
        return cfg.vf_coef * total / (scale + 1.0)

    def step(self, batch):
        return self._value_loss(batch["values"], batch["old_values"], batch["returns"])


def inputs():
    rng = np.random.default_rng(2)
    return {k: rng.normal(size=(32,)).astype(np.float32) for k in ("values", "old_values", "returns")},


def main(batch):
    cfg = LearnerConfig()
    mesh = jax.make_mesh((4, 2), (cfg.env_axis, cfg.model_axis))
    sharding = NamedSharding(mesh, P(cfg.env_axis))
    batch = {k: jax.device_put(v, sharding) for k, v in batch.items()}
    learner = PPOLearner(cfg, mesh)
    return learner.step(batch)


if __name__ == "__main__":
    main(*inputs())
