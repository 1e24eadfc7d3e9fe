"""Ring attention: K/V blocks passed around the context-parallel ring in a fori_loop."""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("dp", "cp"))
RING = 4


def ring_perm(n):
    return [(j, (j + 1) % n) for j in range(n)]


def shared_bias(bias, axis):
    return jax.lax.all_gather(bias, axis, axis=0, tiled=True, to="reduced")


def ring_attention(q, k, bias, *, axis, steps):
    kv_bias = shared_bias(bias, axis)

    def step(i, carry):
        acc, kb, bb = carry
        scores = jnp.einsum("sd,td->st", q, kb)
        acc = acc + jnp.sum(scores, axis=1)
        kb = jax.lax.ppermute(kb, axis, perm=ring_perm(steps))
        bb = jax.lax.ppermute(bb, axis, perm=ring_perm(steps))
        return acc, kb, bb

    acc0 = jnp.zeros_like(q[:, 0])
    acc, _, _ = jax.lax.fori_loop(0, steps, step, (acc0, k, kv_bias))
    return acc


def inputs():
    q = jnp.ones((32, 4), jnp.float32)
    k = jnp.ones((32, 4), jnp.float32) * 0.5
    bias = jnp.zeros((32,), jnp.float32)
    s = NamedSharding(MESH, P("cp", None))
    return (jax.device_put(q, s), jax.device_put(k, s),
            jax.device_put(bias, NamedSharding(MESH, P("cp"))))


def main(q, k, bias):
    body = functools.partial(ring_attention, axis="cp", steps=RING)
    fn = jax.shard_map(body, mesh=MESH, in_specs=(P("cp", None), P("cp", None), P("cp")),
                       out_specs=P("cp"))
    return fn(q, k, bias)


if __name__ == "__main__":
    main(*inputs())
