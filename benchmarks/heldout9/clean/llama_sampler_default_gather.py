"""Sampling loop of a Llama-like decoder: vocab-parallel logits are gathered with the default
(varying) all_gather before the temperature and the categorical draw."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def sample(logits_local, key, temperature=0.7):
    full = jax.lax.all_gather(logits_local, "tp", axis=-1, tiled=True)
    return jax.random.categorical(key, full / temperature, axis=-1)


def decode(h, unembed, key):
    tokens = []
    for _ in range(3):
        key, sub = jax.random.split(key)
        tokens.append(sample(h @ unembed, sub))
        h = jnp.tanh(h)
    return jnp.stack(tokens, axis=1)


def main(h, unembed):
    mesh = jax.make_mesh((2, 4), ("dp", "tp"))
    f = jax.shard_map(decode, mesh=mesh, in_specs=(P("dp", None), P(None, "tp"), P()),
                      out_specs=P("dp", "tp"))
    return f(jax.device_put(h, NamedSharding(mesh, P("dp", None))),
             jax.device_put(unembed, NamedSharding(mesh, P(None, "tp"))), jax.random.key(0))


def inputs():
    k1, k2 = jax.random.split(jax.random.key(103))
    return jax.random.normal(k1, (4, 16)), jax.random.normal(k2, (16, 32))
