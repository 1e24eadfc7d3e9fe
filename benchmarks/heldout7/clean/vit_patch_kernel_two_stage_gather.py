"""ViT patch-embedding kernel: gathered reduced over tensor, then over the stage axis only."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass
class Cfg:
    axes: tuple = ("stage", "tensor")

    @property
    def tp(self):
        return self.axes[1]

    @property
    def stage(self):
        return self.axes[0]


def inputs():
    return (np.random.default_rng(103).normal(size=(16, 16)).astype(np.float32),)


def main(kernel, cfg=Cfg()):
    mesh = jax.make_mesh((2, 4), cfg.axes)
    spec = P(cfg.stage, cfg.tp)
    kernel = jax.device_put(kernel, NamedSharding(mesh, spec))

    def gather(k):
        k = jax.lax.all_gather(k, cfg.tp, axis=1, tiled=True, to="reduced")
        return jax.lax.all_gather(k, cfg.stage, axis=0, tiled=True, to="reduced")

    return jax.shard_map(gather, mesh=mesh, in_specs=spec, out_specs=P(None, None, reduced=set(cfg.axes)))(kernel)


if __name__ == "__main__":
    print(main(*inputs()))
