"""CLIP-style contrastive loss; the text tower's embeddings are sharded over (batch, embed)."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class ClipConfig:
    batch_axis: str = "data"
    embed_axis: str = "model"
    temperature: float = 0.07


def l2_normalise(x, axis_name):
    sq = jax.lax.psum(jnp.sum(x * x, axis=-1, keepdims=True), axis_name)
    return x * jax.lax.rsqrt(sq + 1e-6), sq


def text_side(txt, cfg):
    txt, sq = l2_normalise(txt, cfg.embed_axis)
    norms = jax.lax.all_gather(sq, cfg.embed_axis, axis=0, tiled=True, to="reduced")
    return txt, norms


def inputs():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    txt = jax.random.normal(jax.random.key(0), (16, 32))
    return mesh, jax.device_put(txt, NamedSharding(mesh, P("data", "model")))


def main(mesh, txt):
    cfg = ClipConfig()
    fn = jax.shard_map(functools.partial(text_side, cfg=cfg), mesh=mesh,
                       in_specs=P(cfg.batch_axis, cfg.embed_axis),
                       out_specs=(P(cfg.batch_axis, cfg.embed_axis),
                                  P(cfg.batch_axis, None, reduced={cfg.embed_axis})))
    return fn(txt)
