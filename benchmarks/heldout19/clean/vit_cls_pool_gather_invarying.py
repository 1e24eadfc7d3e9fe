"""ViT pooled features shared over the sequence axis with to='invarying'."""
import enum

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Axis(str, enum.Enum):
    DATA = "data"
    SEQ = "seq"


def encoder(tokens, w_embed):
    h = jnp.tanh(tokens @ w_embed)
    pooled = jax.lax.pmean(h.mean(axis=1), Axis.SEQ.value)
    return jax.lax.all_gather(pooled, Axis.SEQ.value, axis=1, tiled=True, to="invarying")


def main(tokens, w_embed):
    mesh = jax.make_mesh((2, 4), (Axis.DATA.value, Axis.SEQ.value))
    spec = P(Axis.DATA.value, Axis.SEQ.value, None)
    tokens = jax.device_put(tokens, NamedSharding(mesh, spec))
    w_embed = jax.device_put(w_embed, NamedSharding(mesh, P()))
    fn = jax.shard_map(encoder, mesh=mesh, in_specs=(spec, P()), out_specs=P(Axis.DATA.value, None))
    return fn(tokens, w_embed)


def inputs():
    rng = np.random.default_rng(103)
    return (rng.standard_normal((4, 32, 48), dtype=np.float32),
            rng.standard_normal((48, 8), dtype=np.float32) * 0.1)
