"""Top-k router with per-expert load statistics for the routing dashboard."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

ROUTERS = {}


def register_router(name):
    def wrap(cls):
        ROUTERS[name] = cls
        return cls
    return wrap


@dataclasses.dataclass(frozen=True)
class RouterConfig:
    name: str = "top_k"
    num_experts: int = 8
    k: int = 2
    batch_axis: str = "data"
    expert_axis: str = "expert"
    stats_axis: str = "data"


@register_router("top_k")
class TopKRouter:
    def __init__(self, cfg):
        self.cfg = cfg

    def gates(self, logits):
        probs = jax.nn.softmax(logits, axis=-1)
        top, _ = jax.lax.top_k(probs, self.cfg.k)
        return jnp.where(probs >= top[:, -1:], probs, 0.0)

    def load(self, logits):
        routed = (self.gates(logits) > 0).astype(jnp.float32)
        return jax.lax.psum(routed.sum(axis=0), self.cfg.batch_axis)

    def __call__(self, tokens, w_router):
        load = self.load(tokens @ w_router)
        return jax.lax.all_gather(load, self.cfg.stats_axis, axis=0, tiled=True, to="reduced")


def build_router(cfg):
    return ROUTERS[cfg.name](cfg)


def inputs():
    rng = np.random.default_rng(0)
    return rng.normal(size=(32, 16)).astype(np.float32), rng.normal(size=(16, 8)).astype(np.float32)


def main(tokens, w_router):
    cfg = RouterConfig()
    mesh = jax.make_mesh((2, 4), (cfg.batch_axis, cfg.expert_axis))
    tokens = jax.device_put(tokens, NamedSharding(mesh, P((cfg.batch_axis, cfg.expert_axis), None)))
    w_router = jax.device_put(w_router, NamedSharding(mesh, P()))
    router = build_router(cfg)
    stats = jax.shard_map(router, mesh=mesh, in_specs=(P((cfg.batch_axis, cfg.expert_axis), None), P()),
                          out_specs=P(cfg.expert_axis, reduced={cfg.stats_axis}))(tokens, w_router)
    print("expert load", stats.shape)
    return stats


if __name__ == "__main__":
    main(*inputs())
