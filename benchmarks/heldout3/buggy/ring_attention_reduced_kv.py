"""Ring attention over the sequence axis: K/V blocks travel around the ring."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

SEQ = "sp"


def ring_attention(q, k, v, *, axis_name, ring_size):
    perm = [(i, (i + 1) % ring_size) for i in range(ring_size)]
    k = lax.all_gather(k, axis_name, axis=0, tiled=True, to="reduced")
    v = lax.all_gather(v, axis_name, axis=0, tiled=True)

    def step(i, carry):
        acc, k_blk, v_blk = carry
        s = q @ k_blk.T
        acc = acc + jax.nn.softmax(s, axis=-1) @ v_blk
        k_blk = lax.ppermute(k_blk, axis_name, perm)
        v_blk = lax.ppermute(v_blk, axis_name, perm)
        return acc, k_blk, v_blk

    acc0 = jnp.zeros_like(q)
    acc, _, _ = lax.fori_loop(0, ring_size, step, (acc0, k, v))
    return acc


def inputs():
    rng = np.random.default_rng(0)
    return tuple(rng.standard_normal((16, 4)).astype(np.float32) for _ in range(3))


def main(q, k, v):
    mesh = jax.make_mesh((4, 2), (SEQ, "heads"))
    spec = P(SEQ, "heads")
    q, k, v = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (q, k, v))
    attn = functools.partial(ring_attention, axis_name=SEQ, ring_size=4)
    return jax.shard_map(attn, mesh=mesh, in_specs=(spec, spec, spec), out_specs=spec)(q, k, v)


if __name__ == "__main__":
    print(main(*inputs()))
