"""Token dispatch with a per-expert capacity; dropped tokens are reported per expert group."""
import dataclasses
import math

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class AxisNames:
    batch: str = "data"
    expert: str = "expert"
    report: str = "data"


@dataclasses.dataclass(frozen=True)
class CapacityConfig:
    num_experts: int = 8
    capacity_factor: float = 1.25
    min_capacity: int = 2
    axes: AxisNames = AxisNames()

    def capacity(self, tokens_per_group):
        return max(self.min_capacity, math.ceil(self.capacity_factor * tokens_per_group / self.num_experts))


def report(value, axis):
    return jax.lax.all_gather(value, axis, axis=0, tiled=True, to="reduced")


def overflow(expert_ids, cfg):
    onehot = jax.nn.one_hot(expert_ids, cfg.num_experts)
    position = jnp.cumsum(onehot, axis=0) * onehot
    dropped = (position > cfg.capacity(expert_ids.shape[0])).sum(axis=0)
    return jax.lax.psum(dropped, cfg.axes.expert)


def inputs():
    return (np.random.default_rng(6).integers(0, 8, size=(64,)).astype(np.int32),)


def main(expert_ids):
    cfg = CapacityConfig()
    mesh = jax.make_mesh((2, 4), (cfg.axes.batch, cfg.axes.expert))
    spec = P((cfg.axes.batch, cfg.axes.expert))
    expert_ids = jax.device_put(expert_ids, NamedSharding(mesh, spec))

    def body(ids):
        return report(overflow(ids, cfg), cfg.axes.report)

    dropped = jax.shard_map(body, mesh=mesh, in_specs=spec,
                            out_specs=P(cfg.axes.expert, reduced={cfg.axes.report}))(expert_ids)
    print("dropped per expert", dropped.shape)
    return dropped


if __name__ == "__main__":
    main(*inputs())
