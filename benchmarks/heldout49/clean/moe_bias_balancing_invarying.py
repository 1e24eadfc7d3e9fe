"""Auxiliary-loss-free MoE load balancing: a per-expert routing bias nudged toward uniform load."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class BalancerConfig:
    experts_per_shard: int = 4
    top_k: int = 2
    update_rate: float = 1e-3
    token_axis: str = "data"
    expert_axis: str = "expert"


class LossFreeBalancer:
    def __init__(self, cfg: BalancerConfig):
        self.cfg = cfg

    def expert_load(self, logits, bias):
        scores = logits + bias
        _, idx = jax.lax.top_k(scores, self.cfg.top_k)
        hits = jax.nn.one_hot(idx, self.cfg.experts_per_shard).sum(axis=(0, 1))
        return jax.lax.psum(hits, self.cfg.token_axis)

    def load_history(self, logits, bias):
        load = self.expert_load(logits, bias)
        return jax.lax.all_gather(load[None], self.cfg.token_axis, axis=0, tiled=True, to="invarying")

    def __call__(self, logits, bias):
        history = self.load_history(logits, bias)
        return history.mean(axis=0, keepdims=True) * self.cfg.top_k


def inputs():
    mesh = jax.make_mesh((4, 2), ("data", "expert"))
    rng = np.random.default_rng(0)
    logits = jax.device_put(rng.normal(size=(64, 8)).astype(np.float32),
                            NamedSharding(mesh, P("data", "expert")))
    bias = jax.device_put(np.zeros((1, 8), np.float32), NamedSharding(mesh, P(None, "expert")))
    return mesh, logits, bias


def main(mesh, logits, bias):
    balancer = LossFreeBalancer(BalancerConfig())
    step = jax.shard_map(balancer, mesh=mesh,
                         in_specs=(P("data", "expert"), P(None, "expert")),
                         out_specs=P(None, "expert"))
    peak = step(logits, bias)
    return bias - balancer.cfg.update_rate * jnp.sign(peak - peak.mean())


if __name__ == "__main__":
    main(*inputs())
