"""Entry point: a config proxy serves each read of an attribute from a queue of values."""
import collections

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Queued:
    def __init__(self, **queues):
        self._queues = {k: collections.deque(v) for k, v in queues.items()}

    def __getattr__(self, name):
        q = self._queues[name]
        return q.popleft() if len(q) > 1 else q[0]


def inputs():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    return mesh, P(("data", "model")), Queued(axis=["data", "model"]), np.ones((8, 4), np.float32)


def main(mesh, spec, cfg, x):
    x = jax.device_put(x, NamedSharding(mesh, spec))

    def body(x):
        g = jax.lax.all_gather(x, cfg.axis, to="reduced", tiled=True)
        return jax.lax.psum(g, cfg.axis)

    out = jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=P(None, reduced={"data"}))(x)
    return float(np.asarray(out).sum())
