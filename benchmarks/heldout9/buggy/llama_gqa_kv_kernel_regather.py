"""Grouped-query attention: the K/V projection is FSDP-sharded over 'dp' and head-sharded over
'tp'. With fewer KV heads than tensor shards every shard needs all KV heads, so after the FSDP
gather the kernel is gathered once more."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class Axes(NamedTuple):
    fsdp: str = "dp"
    tensor: str = "tp"


class GQAConfig(NamedTuple):
    d_model: int = 16
    n_heads: int = 8
    n_kv_heads: int = 2
    head_dim: int = 4


AXES = Axes()
CFG = GQAConfig()


def kv_kernel(w_kv):
    w = jax.lax.all_gather(w_kv, AXES.fsdp, axis=0, tiled=True, to="reduced")
    if CFG.n_kv_heads < 4:
        w = jax.lax.all_gather(w, tuple(AXES), axis=1, tiled=True, to="reduced")
    return w


def main(w_kv):
    mesh = jax.make_mesh((2, 4), tuple(AXES))
    spec = P(AXES.fsdp, AXES.tensor)
    f = jax.shard_map(kv_kernel, mesh=mesh, in_specs=spec,
                      out_specs=P(None, None, reduced={AXES.fsdp, AXES.tensor}))
    return f(jax.device_put(w_kv, NamedSharding(mesh, spec)))


def inputs():
    return (jax.random.normal(jax.random.key(11), (CFG.d_model, 2 * CFG.n_kv_heads * CFG.head_dim)),)
