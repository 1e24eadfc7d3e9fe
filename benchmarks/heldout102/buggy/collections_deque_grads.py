"""Gradient accumulation window kept in a collections.deque(maxlen=...), reduced at the end."""
import collections

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def body(g0, g1, g2):
    window = collections.deque(maxlen=2)
    for g in (g0, g1, g2):
        window.append(jax.lax.psum(g, "model"))
    window.appendleft(g0)
    total = sum(window)
    return jax.lax.psum(window[-1], ("data", "model")), total


def inputs():
    rng = np.random.default_rng(14)
    return tuple(rng.normal(size=(16, 8)).astype(np.float32) for _ in range(3))


def main(*grads):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    spec = P("data", "model")
    fn = jax.shard_map(body, mesh=mesh, in_specs=(spec,) * 3, out_specs=(P(), spec))
    return fn(*(jax.device_put(g, NamedSharding(mesh, spec)) for g in grads))


if __name__ == "__main__":
    main(*inputs())
