"""T5X-style partitioner: squared norms summed over model shards, cast back to varying, then shared."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class PartitionerConfig:
    data_axis: str = "data"
    model_axis: str = "model"


class Partitioner:
    def __init__(self, cfg):
        self.cfg = cfg
        self.mesh = jax.make_mesh((2, 4), (cfg.data_axis, cfg.model_axis))

    def partition(self, fn, in_specs, out_specs):
        return jax.jit(jax.shard_map(fn, mesh=self.mesh, in_specs=in_specs, out_specs=out_specs))


def inputs():
    return (np.linspace(-1.0, 1.0, 8 * 16, dtype=np.float32).reshape(8, 16),)


def main(x):
    part = Partitioner(PartitionerConfig())
    cfg = part.cfg

    def encoder_norm(h):
        sq = jax.lax.psum(jnp.sum(h * h, axis=-1, keepdims=True), cfg.model_axis)
        sq = jax.lax.pcast(sq, cfg.model_axis, to="varying")
        return jax.lax.all_gather(sq, cfg.model_axis, axis=1, tiled=True, to="reduced")

    x = jax.device_put(x, NamedSharding(part.mesh, P(cfg.data_axis, cfg.model_axis)))
    step = part.partition(encoder_norm, in_specs=(P(cfg.data_axis, cfg.model_axis),),
                          out_specs=P(cfg.data_axis, None, reduced={cfg.model_axis}))
    return step(x)
