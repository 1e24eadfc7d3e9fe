"""T5X-style encoder layer norm: a partitioner object owns the mesh and wraps step functions."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class PartitionerConfig:
    num_partitions: int = 4
    data_axis: str = "data"
    model_axis: str = "model"


class Partitioner:
    def __init__(self, cfg: PartitionerConfig):
        self.cfg = cfg
        self.mesh = jax.make_mesh((8 // cfg.num_partitions, cfg.num_partitions),
                                  (cfg.data_axis, cfg.model_axis))

    def place(self, x, spec):
        return jax.device_put(x, NamedSharding(self.mesh, spec))

    def partition(self, fn, in_specs, out_specs):
        return jax.jit(jax.shard_map(fn, mesh=self.mesh, in_specs=in_specs, out_specs=out_specs))


def inputs():
    return (np.linspace(-1.0, 1.0, 8 * 16, dtype=np.float32).reshape(8, 16),)


def main(tokens):
    part = Partitioner(PartitionerConfig())
    cfg = part.cfg

    def encoder_norm(h):
        sq = jnp.sum(h * h, axis=-1, keepdims=True)
        sq = jax.lax.psum(sq, cfg.model_axis)
        var = jax.lax.all_gather(sq, cfg.model_axis, axis=1, tiled=True, to="reduced")
        return var

    step = part.partition(encoder_norm, in_specs=(P(cfg.data_axis, cfg.model_axis),),
                          out_specs=P(cfg.data_axis, None, reduced={cfg.model_axis}))
    return step(part.place(tokens, P(cfg.data_axis, cfg.model_axis)))
