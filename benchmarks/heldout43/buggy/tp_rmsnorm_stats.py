"""Tensor-parallel model runner: RMSNorm over a hidden dimension split across the tp axis."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXIS_DP = "dp"
AXIS_TP = "tp"


@dataclass
class ModelConfig:
    hidden_size: int = 32
    num_layers: int = 3
    rms_eps: float = 1e-6


class ModelRunner:
    def __init__(self, cfg: ModelConfig):
        self.cfg = cfg

    def rms_norm(self, h, gamma):
        sq = jax.lax.psum(jnp.sum(h * h, axis=-1, keepdims=True), AXIS_TP)
        inv = jax.lax.rsqrt(sq / self.cfg.hidden_size + self.cfg.rms_eps)
        return h * inv * gamma, inv

    def forward(self, h, gammas):
        norms = []
        for layer in range(self.cfg.num_layers):
            h, inv = self.rms_norm(h, gammas[layer])
            norms.append(jax.lax.all_gather(inv, AXIS_TP, axis=1, tiled=True, to="reduced"))
            h = jnp.tanh(h)
        return h, jnp.concatenate(norms, axis=1)


def inputs():
    rng = np.random.default_rng(10)
    cfg = ModelConfig()
    h = rng.normal(size=(8, cfg.hidden_size)).astype(np.float32)
    gammas = (1.0 + 0.1 * rng.normal(size=(cfg.num_layers, cfg.hidden_size))).astype(np.float32)
    return h, gammas


def main(h, gammas):
    cfg = ModelConfig()
    mesh = jax.make_mesh((2, 4), (AXIS_DP, AXIS_TP))
    h = jax.device_put(h, NamedSharding(mesh, P(AXIS_DP, AXIS_TP)))
    gammas = jax.device_put(gammas, NamedSharding(mesh, P(None, AXIS_TP)))
    runner = ModelRunner(cfg)
    fwd = jax.shard_map(runner.forward, mesh=mesh, in_specs=(P(AXIS_DP, AXIS_TP), P(None, AXIS_TP)),
                        out_specs=(P(AXIS_DP, AXIS_TP), P(AXIS_DP, None, reduced={AXIS_TP})))
    return fwd(h, gammas)


if __name__ == "__main__":
    main(*inputs())
