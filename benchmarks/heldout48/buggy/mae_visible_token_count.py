"""MAE random masking: the number of visible tokens in the global batch, recorded per data shard
for the masking-ratio schedule."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass(frozen=True)
class MaskingConfig:
    mask_ratio: float = 0.75
    axes: tuple = ("batch", "patch")

    @property
    def batch_axis(self):
        return self.axes[0]


class MaskingStats:
    def __init__(self, cfg: MaskingConfig):
        self.cfg = cfg

    def __call__(self, noise):
        keep = (noise > self.cfg.mask_ratio).astype(jnp.float32)
        visible = jax.lax.psum(jnp.sum(keep), self.cfg.axes)
        return jax.lax.all_gather(visible, self.cfg.batch_axis, to="reduced")


def inputs():
    return (np.random.default_rng(20).uniform(size=(8, 64)).astype(np.float32),)


def main(noise):
    cfg = MaskingConfig()
    mesh = jax.make_mesh((2, 4), cfg.axes)
    noise = jax.device_put(noise, NamedSharding(mesh, P(*cfg.axes)))
    return jax.shard_map(MaskingStats(cfg), mesh=mesh, in_specs=P(*cfg.axes),
                         out_specs=P(None, reduced={cfg.batch_axis}))(noise)


if __name__ == "__main__":
    main(*inputs())
