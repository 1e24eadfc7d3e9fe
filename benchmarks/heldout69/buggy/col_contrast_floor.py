"""Local contrast normalisation of page crops, per-crop std shared across the node group."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("node", "local"))


@dataclass
class ContrastConfig:
    min_std: float = 1e-3
    share_group: str = "node"
    grad_sync: bool = True


def gather(t, group, grad_sync):
    return jax.lax.all_gather(t, group, tiled=True, to="reduced" if grad_sync else "varying")


class ContrastNorm:
    def __init__(self, cfg: ContrastConfig):
        self.cfg = cfg

    def stds(self, crops):
        local = jnp.sqrt(jnp.mean((crops - crops.mean(axis=1, keepdims=True)) ** 2, axis=1))
        return gather(local, self.cfg.share_group, self.cfg.grad_sync)

    def __call__(self, crops):
        return jnp.maximum(self.stds(crops), self.cfg.min_std)


def inputs():
    rng = np.random.default_rng(65)
    crops = rng.random((8, 64)).astype(np.float32)
    return (jax.device_put(crops, NamedSharding(MESH, P("node", "local"))),)


def main(crops):
    fn = jax.shard_map(ContrastNorm(ContrastConfig()), mesh=MESH, in_specs=P("node", "local"),
                       out_specs=P("local", reduced={"node"}))
    print("contrast floors:", fn(crops).shape)


if __name__ == "__main__":
    main(*inputs())
