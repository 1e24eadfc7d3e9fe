"""Expert-choice router with a softmax temperature over the gathered token affinities."""
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
    name: str = "expert_choice"
    temperature: float = 0.5
    batch_axis: str = "data"
    expert_axis: str = "expert"


def token_pool(scores, axis):
    return jax.lax.all_gather(scores, axis, axis=0, tiled=True, to="reduced")


@register_router("expert_choice")
class ExpertChoiceRouter:
    def __init__(self, cfg):
        self.cfg = cfg

    def affinity(self, tokens, w_router):
        return token_pool(tokens @ w_router, self.cfg.expert_axis)

    def __call__(self, tokens, w_router):
        pooled = self.affinity(tokens, w_router)
        probs = jax.nn.softmax(pooled / self.cfg.temperature, axis=0)
        return jax.lax.psum(probs.max(axis=0), self.cfg.batch_axis)


def inputs():
    rng = np.random.default_rng(5)
    return rng.normal(size=(32, 16)).astype(np.float32), rng.normal(size=(16, 8)).astype(np.float32)


def main(tokens, w_router):
    cfg = RouterConfig()
    mesh = jax.make_mesh((2, 4), (cfg.batch_axis, cfg.expert_axis))
    spec = P((cfg.batch_axis, cfg.expert_axis), None)
    tokens = jax.device_put(tokens, NamedSharding(mesh, spec))
    router = ROUTERS[cfg.name](cfg)
    peak = jax.shard_map(router, mesh=mesh, in_specs=(spec, P()), out_specs=P())(tokens, w_router)
    print("peak affinity", peak.shape)
    return peak


if __name__ == "__main__":
    main(*inputs())
