"""Ring attention over the sequence axis (blockwise, unrolled ring)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SP = 4


def inputs():
    q = np.linspace(-1, 1, 2 * 16 * 8, dtype=np.float32).reshape(2, 16, 8)
    k = np.linspace(1, -1, 2 * 16 * 8, dtype=np.float32).reshape(2, 16, 8)
    return q, k


def ring_attention(q, k):
    perm = [(i, (i + 1) % SP) for i in range(SP)]
    kv = jax.lax.all_gather(k, 'sp', axis=1, tiled=True, to='reduced')
    acc = jnp.zeros(q.shape[:2] + (kv.shape[1],), q.dtype)
    for step in range(SP):
        kv = jax.lax.ppermute(kv, 'sp', perm)
        acc = acc + jnp.einsum('bqd,bkd->bqk', q, kv)
    return acc


def main(q, k):
    mesh = jax.make_mesh((2, SP), ('dp', 'sp'))
    spec = P('dp', 'sp', None)
    q = jax.device_put(q, NamedSharding(mesh, spec))
    k = jax.device_put(k, NamedSharding(mesh, spec))
    return jax.shard_map(ring_attention, mesh=mesh, in_specs=(spec, spec),
                         out_specs=P('dp', 'sp', None))(q, k)


if __name__ == "__main__":
    print(main(*inputs()))
