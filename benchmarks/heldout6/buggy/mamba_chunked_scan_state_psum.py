"""Chunked SSM scan: sequence chunks over 'seq', state carried between chunks in a lax.scan."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

SEQ = "seq"
mesh = jax.make_mesh((8,), (SEQ,))


def chunk_scan(decay, x):
    def body(carry, xt):
        carry = decay * carry + xt
        return carry, carry

    final, ys = jax.lax.scan(body, jnp.zeros_like(x[0]), x)
    return final, ys


def model(decay, x):
    final, ys = chunk_scan(decay, x)
    states = jax.lax.all_gather(final[None], SEQ, tiled=True, to="reduced")
    total = jax.lax.psum(states, SEQ)
    return ys, total


def inputs():
    decay = jnp.full((4,), 0.9)
    x = jnp.ones((64, 4))
    return (jax.device_put(decay, NamedSharding(mesh, P())),
            jax.device_put(x, NamedSharding(mesh, P(SEQ))))


def main(decay, x):
    f = jax.shard_map(model, mesh=mesh, in_specs=(P(), P(SEQ)), out_specs=(P(SEQ), P()))
    return f(decay, x)
