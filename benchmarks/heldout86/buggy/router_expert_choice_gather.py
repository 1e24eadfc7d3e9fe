"""Expert-choice routing: every expert picks its top tokens from the whole batch."""
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
class MeshAxes:
    batch: str = "data"
    expert: str = "expert"

    @property
    def all(self):
        return (self.batch, self.expert)


@dataclasses.dataclass(frozen=True)
class RouterConfig:
    name: str = "expert_choice"
    capacity: int = 4
    axes: MeshAxes = MeshAxes()


def collect(x, axes):
    return jax.lax.all_gather(x, axes, axis=0, tiled=True, to="reduced")


@register_router("expert_choice")
class ExpertChoiceRouter:
    def __init__(self, cfg):
        self.cfg = cfg

    def __call__(self, tokens, w_router):
        scores = jax.nn.sigmoid(tokens @ w_router)
        group = collect(scores, self.cfg.axes.expert)
        batch = collect(group, self.cfg.axes.all)
        return batch.T


def inputs():
    rng = np.random.default_rng(1)
    return rng.normal(size=(32, 16)).astype(np.float32), rng.normal(size=(16, 8)).astype(np.float32)


def main(tokens, w_router):
    cfg = RouterConfig()
    mesh = jax.make_mesh((2, 4), cfg.axes.all)
    token_spec = P(cfg.axes.all, None)
    tokens = jax.device_put(tokens, NamedSharding(mesh, token_spec))
    router = ROUTERS[cfg.name](cfg)
    affinity = jax.shard_map(router, mesh=mesh, in_specs=(token_spec, P()),
                             out_specs=P(None, None, reduced=set(cfg.axes.all)))(tokens, w_router)
    picked = jax.lax.top_k(np.asarray(affinity), cfg.capacity)[1]
    print("expert choice", picked.shape)
    return picked


if __name__ == "__main__":
    main(*inputs())
