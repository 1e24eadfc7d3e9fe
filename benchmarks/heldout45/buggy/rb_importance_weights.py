"""Prioritised replay: importance-sampling weights with beta annealed over learner steps."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class ReplayConfig:
    capacity: int = 32
    beta_start: float = 0.4
    beta_steps: int = 3
    shard_axis: str = "shard"
    feature_axis: str = "feature"


def make_weight_fn(cfg, mesh):
    def weights(priorities, beta):
        total = jax.lax.psum(priorities.sum(), cfg.shard_axis)
        probs = jax.lax.all_gather(priorities / total, cfg.shard_axis, tiled=True, to="reduced")
        w = (cfg.capacity * probs) ** (-beta)
        return w / w.max()

    return jax.jit(jax.shard_map(weights, mesh=mesh, in_specs=(P(cfg.shard_axis), P()), out_specs=P()))


def inputs():
    rng = np.random.default_rng(12)
    return (rng.uniform(0.1, 2.0, size=(32,)).astype(np.float32),)


def main(priorities):
    cfg = ReplayConfig()
    mesh = jax.make_mesh((4, 2), (cfg.shard_axis, cfg.feature_axis))
    priorities = jax.device_put(priorities, NamedSharding(mesh, P(cfg.shard_axis)))
    weight_fn = make_weight_fn(cfg, mesh)
    out = []
    for step in range(cfg.beta_steps):
        beta = cfg.beta_start + (1.0 - cfg.beta_start) * step / cfg.beta_steps
        out.append(weight_fn(priorities, jnp.float32(beta)))
    return out


if __name__ == "__main__":
    main(*inputs())
