"""ViT classifier: mean-pooled patch tokens, the sequence of patches split over devices."""
import enum

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Axis(str, enum.Enum):
    DATA = "data"
    SEQ = "seq"


def patchify(images, patch):
    b, h, w, c = images.shape
    x = images.reshape(b, h // patch, patch, w // patch, patch, c)
    return x.transpose(0, 1, 3, 2, 4, 5).reshape(b, -1, patch * patch * c)


def encoder(tokens, w_embed):
    h = jnp.tanh(tokens @ w_embed)
    pooled = jax.lax.pmean(h.mean(axis=1), Axis.SEQ.value)
    return jax.lax.all_gather(pooled, Axis.SEQ.value, axis=1, tiled=True, to="reduced")


def main(images, w_embed):
    mesh = jax.make_mesh((1, 8), (Axis.DATA.value, Axis.SEQ.value))
    tokens = patchify(images, 4)
    tok_spec = P(None, Axis.SEQ.value, None)
    tokens = jax.device_put(tokens, NamedSharding(mesh, tok_spec))
    w_embed = jax.device_put(w_embed, NamedSharding(mesh, P()))
    fn = jax.shard_map(encoder, mesh=mesh, in_specs=(tok_spec, P()),
                       out_specs=P(None, None, reduced={Axis.SEQ.value}))
    return fn(tokens, w_embed)


def inputs():
    rng = np.random.default_rng(10)
    return (rng.standard_normal((2, 16, 32, 3), dtype=np.float32),
            rng.standard_normal((48, 8), dtype=np.float32) * 0.1)
