"""Graph transformer: node blocks on a ring of devices, attention computed block by block."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

NODE_AXIS = "nodes"
N_DEV = 8


def ring_shift(x):
    perm = [(i, (i + 1) % N_DEV) for i in range(N_DEV)]
    return jax.lax.ppermute(x, NODE_AXIS, perm)


def inputs():
    rng = np.random.default_rng(13)
    return rng.normal(size=(16, 4)).astype(np.float32), rng.normal(size=(4, 4)).astype(np.float32)


def main(nodes, w_qk):
    mesh = jax.make_mesh((N_DEV,), (NODE_AXIS,))
    nodes = jax.device_put(nodes, NamedSharding(mesh, P(NODE_AXIS, None)))
    w_qk = jax.device_put(w_qk, NamedSharding(mesh, P()))

    def attend(h, w):
        q = h @ w
        keys = jax.lax.all_gather(h, NODE_AXIS, axis=0, tiled=True, to="reduced")
        nxt = ring_shift(keys)
        return q, nxt

    f = jax.jit(jax.shard_map(attend, mesh=mesh, in_specs=(P(NODE_AXIS, None), P()),
                              out_specs=(P(NODE_AXIS, None), P(None, None, reduced={NODE_AXIS}))))
    return f(nodes, w_qk)
