"""A comprehension over `range(h.shape[0] - 1)` of a shard_map input built on the host by
`np.cumsum(np.abs(rng.normal(size=(3, 8, 8))), axis=0)` (a cumulative sum along an axis keeps the
shape): the first dimension is 3, so the element whose tuple psum meets a value invariant on "j"
certainly runs."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def step(a, b):
    mixed = jax.lax.pmean(a.sum(axis=1), "j") + jax.lax.psum(b.sum(axis=1), "j")
    return jax.lax.psum(mixed.sum(), ("i", "j"))  # SF105


def balances(h):
    return jnp.stack([step(h[k], h[k + 1]) for k in range(h.shape[0] - 1)])


def main(mesh, x):
    rng = np.random.default_rng(0)
    host = np.cumsum(np.abs(rng.normal(size=(3, 8, 8))), axis=0).astype(np.float32)
    h = jax.device_put(host, NamedSharding(mesh, P(None, "i", "j")))
    return jax.shard_map(balances, mesh=mesh, in_specs=P(None, "i", "j"), out_specs=P())(h)
