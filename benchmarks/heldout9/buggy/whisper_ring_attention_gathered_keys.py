"""Sequence-parallel self-attention of a Whisper-like audio encoder: K/V blocks travel around
the sequence ring with ppermute (one step shown); keys were first brought to full length for
a relative-position bias."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

SEQ = "seq"
RING = 4


def rotate(block, axis=SEQ):
    perm = [(i, (i + 1) % RING) for i in range(RING)]
    return jax.lax.ppermute(block, axis, perm)


def attention_step(q, k, v):
    k_all = jax.lax.all_gather(k, SEQ, axis=1, tiled=True, to="reduced")
    k_next = rotate(k_all)
    v_next = rotate(v)
    scores = jnp.einsum("btd,bsd->bts", q, k_next[:, : k.shape[1]])
    return jnp.einsum("bts,bsd->btd", jax.nn.softmax(scores, axis=-1), v_next)


def main(q, k, v):
    mesh = jax.make_mesh((2, 4), ("data", SEQ))
    spec = P("data", SEQ, None)
    f = jax.shard_map(attention_step, mesh=mesh, in_specs=(spec, spec, spec), out_specs=spec)
    put = lambda a: jax.device_put(a, NamedSharding(mesh, spec))
    return f(put(q), put(k), put(v))


def inputs():
    ks = jax.random.split(jax.random.key(22), 3)
    return tuple(jax.random.normal(k, (2, 16, 8)) for k in ks)
