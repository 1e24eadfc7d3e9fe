"""RAFT-like all-pairs correlation volume, feature channels split across devices."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class FlowConfig:
    batch_axis: str = "batch"
    channel_axis: str = "chan"
    feature_dim: int = 16


def correlation(f1, f2, cfg):
    local = jnp.einsum("bnc,bmc->bnm", f1, f2) / np.sqrt(cfg.feature_dim)
    corr = jax.lax.psum(local, cfg.channel_axis)
    return jax.lax.all_gather(corr, cfg.channel_axis, axis=1, tiled=True, to="reduced")


def main(fmap1, fmap2, cfg=FlowConfig()):
    mesh = jax.make_mesh((4, 2), (cfg.batch_axis, cfg.channel_axis))
    spec = P(cfg.batch_axis, None, cfg.channel_axis)
    fmap1 = jax.device_put(fmap1, NamedSharding(mesh, spec))
    fmap2 = jax.device_put(fmap2, NamedSharding(mesh, spec))
    volume = jax.shard_map(functools.partial(correlation, cfg=cfg), mesh=mesh,
                           in_specs=(spec, spec),
                           out_specs=P(cfg.batch_axis, None, None, reduced={cfg.channel_axis}))
    return volume(fmap1, fmap2)


def inputs():
    rng = np.random.default_rng(0)
    return (rng.standard_normal((8, 12, 16), dtype=np.float32),
            rng.standard_normal((8, 12, 16), dtype=np.float32))
