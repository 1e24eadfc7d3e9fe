"""Ring attention: each device keeps its K/V shard and passes it around the ring."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P


def ring_attention(q, k, v, *, axis_name, ring_size):
    perm = [(i, (i + 1) % ring_size) for i in range(ring_size)]

    def step(i, carry):
        acc, k_blk, v_blk = carry
        acc = acc + jax.nn.softmax(q @ k_blk.T, axis=-1) @ v_blk
        return acc, lax.ppermute(k_blk, axis_name, perm), lax.ppermute(v_blk, axis_name, perm)

    acc, _, _ = lax.fori_loop(0, ring_size, step, (jnp.zeros_like(q), k, v))
    return acc


def inputs():
    rng = np.random.default_rng(1)
    return tuple(rng.standard_normal((16, 4)).astype(np.float32) for _ in range(3))


def main(q, k, v):
    mesh = jax.make_mesh((4, 2), ("sp", "heads"))
    spec = P("sp", "heads")
    q, k, v = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (q, k, v))
    attn = functools.partial(ring_attention, axis_name="sp", ring_size=4)
    return jax.shard_map(attn, mesh=mesh, in_specs=(spec,) * 3, out_specs=spec)(q, k, v)


if __name__ == "__main__":
    print(main(*inputs()))
