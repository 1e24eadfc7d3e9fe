"""Dispatch mask: which slot of which expert each token lands in, collected for the combine."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class DispatchConfig:
    num_experts: int = 8
    capacity: int = 4
    mesh_axes: tuple = ("data", "expert")
    group_axes: tuple = ("expert",)


def gather_group(x, axes):
    return jax.lax.all_gather(x, axes, axis=0, tiled=True, to="reduced")


class Dispatcher:
    def __init__(self, cfg):
        self.cfg = cfg

    def mask(self, expert_ids):
        onehot = jax.nn.one_hot(expert_ids, self.cfg.num_experts)
        slot = jnp.cumsum(onehot, axis=0) * onehot
        return (slot > 0) & (slot <= self.cfg.capacity)

    def __call__(self, expert_ids):
        local = self.mask(expert_ids).astype(jnp.float32)
        group = gather_group(local, self.cfg.group_axes)
        everything = gather_group(group, self.cfg.mesh_axes)
        return everything


def inputs():
    return (np.random.default_rng(7).integers(0, 8, size=(64,)).astype(np.int32),)


def main(expert_ids):
    cfg = DispatchConfig()
    mesh = jax.make_mesh((2, 4), cfg.mesh_axes)
    spec = P(cfg.mesh_axes)
    expert_ids = jax.device_put(expert_ids, NamedSharding(mesh, spec))
    mask = jax.shard_map(Dispatcher(cfg), mesh=mesh, in_specs=spec,
                         out_specs=P(None, None, reduced=set(cfg.mesh_axes)))(expert_ids)
    print("dispatch mask", mask.shape)
    return mask


if __name__ == "__main__":
    main(*inputs())
