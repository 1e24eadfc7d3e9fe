"""CLIP text tower: the psum'd squared norms are shared with to='invarying'."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class ClipConfig:
    batch_axis: str = "data"
    embed_axis: str = "model"


def text_side(txt, cfg):
    sq = jax.lax.psum(jnp.sum(txt * txt, axis=-1, keepdims=True), cfg.embed_axis)
    norms = jax.lax.all_gather(sq, cfg.batch_axis, axis=0, tiled=True, to="invarying")
    return txt * jax.lax.rsqrt(sq + 1e-6), norms


def inputs():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    txt = jax.random.normal(jax.random.key(0), (16, 32))
    return mesh, jax.device_put(txt, NamedSharding(mesh, P("data", "model")))


def main(mesh, txt):
    cfg = ClipConfig()
    fn = jax.shard_map(functools.partial(text_side, cfg=cfg), mesh=mesh,
                       in_specs=P(cfg.batch_axis, cfg.embed_axis),
                       out_specs=(P(cfg.batch_axis, cfg.embed_axis), P()))
    return fn(txt)
