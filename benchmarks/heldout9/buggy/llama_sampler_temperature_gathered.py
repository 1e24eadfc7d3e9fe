"""Sampling loop of a Llama-like decoder with rotary embeddings: vocab-parallel logits are
gathered to full width and tempered before the categorical draw (three steps, unrolled)."""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def rotary(x, pos, base=10000.0):
    half = x.shape[-1] // 2
    freqs = 1.0 / base ** (jnp.arange(half) / half)
    ang = pos[:, None] * freqs[None, :]
    x1, x2 = x[..., :half], x[..., half:]
    return jnp.concatenate([x1 * jnp.cos(ang) - x2 * jnp.sin(ang),
                            x1 * jnp.sin(ang) + x2 * jnp.cos(ang)], axis=-1)


def sample(logits_local, key, temperature=0.7):
    full = jax.lax.all_gather(logits_local, "tp", axis=-1, tiled=True, to="reduced")
    return jax.random.categorical(key, full / temperature, axis=-1)


greedyish = functools.partial(sample, temperature=0.3)


def decode(h, unembed, key):
    tokens = []
    for step in range(3):
        pos = jnp.full((h.shape[0],), step, jnp.float32)
        h = rotary(h, pos)
        key, sub = jax.random.split(key)
        tokens.append(greedyish(h @ unembed, sub))
    return jnp.stack(tokens, axis=1)


def main(h, unembed):
    mesh = jax.make_mesh((2, 4), ("dp", "tp"))
    f = jax.shard_map(decode, mesh=mesh, in_specs=(P("dp", None), P(None, "tp"), P()),
                      out_specs=P("dp", None))
    return f(jax.device_put(h, NamedSharding(mesh, P("dp", None))),
             jax.device_put(unembed, NamedSharding(mesh, P(None, "tp"))),
             jax.random.key(0))


def inputs():
    k1, k2 = jax.random.split(jax.random.key(15))
    return jax.random.normal(k1, (4, 16)), jax.random.normal(k2, (16, 32))
