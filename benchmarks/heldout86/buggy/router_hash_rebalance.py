"""Hash routing: tokens go to experts by a fixed hash of their id; bucket counts are rebalanced."""
import dataclasses
import functools

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
class HashConfig:
    name: str = "hash"
    num_experts: int = 8
    salt: int = 7919
    batch_axis: str = "data"
    expert_axis: str = "expert"
    sync: str = "mean"


SYNC_OPS = {"sum": jax.lax.psum, "mean": jax.lax.pmean}


@register_router("hash")
class HashRouter:
    def __init__(self, cfg):
        self.cfg = cfg
        self.sync = functools.partial(SYNC_OPS[cfg.sync], axis_name=cfg.expert_axis)

    def assign(self, token_ids):
        return (token_ids * self.cfg.salt) % self.cfg.num_experts

    def bucket_counts(self, token_ids):
        onehot = jax.nn.one_hot(self.assign(token_ids), self.cfg.num_experts)
        local = onehot.sum(axis=0)
        return jax.lax.all_gather(local, self.cfg.expert_axis, axis=0, tiled=True, to="reduced")

    def __call__(self, token_ids):
        counts = self.bucket_counts(token_ids)
        return self.sync(counts)


def inputs():
    return (np.arange(64, dtype=np.int32),)


def main(token_ids):
    cfg = HashConfig()
    mesh = jax.make_mesh((2, 4), (cfg.batch_axis, cfg.expert_axis))
    spec = P((cfg.batch_axis, cfg.expert_axis))
    token_ids = jax.device_put(token_ids, NamedSharding(mesh, spec))
    router = ROUTERS[cfg.name](cfg)
    counts = jax.shard_map(router, mesh=mesh, in_specs=spec, out_specs=P(cfg.batch_axis))(token_ids)
    print("bucket counts", counts.shape)
    return counts


if __name__ == "__main__":
    main(*inputs())
