"""Sharded replay insertion: valid-transition counts summed over the whole device mesh."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class BufferState(NamedTuple):
    size: jax.Array
    inserted: jax.Array


class ShardedBuffer:
    def __init__(self, mesh):
        self.mesh = mesh
        self.axes = tuple(mesh.axis_names)
        self._count = jax.jit(jax.shard_map(self._count_valid, mesh=mesh,
                                            in_specs=P(self.axes[0]), out_specs=P()))

    def _count_valid(self, done_mask):
        valid = (done_mask < 0.5).astype(jnp.float32)
        return jax.lax.psum(valid.sum(), self.axes)

    def add(self, state, done_mask):
        n = self._count(done_mask)
        return BufferState(size=state.size + n, inserted=state.inserted + 1)


def inputs():
    rng = np.random.default_rng(15)
    return (rng.uniform(size=(32,)).astype(np.float32),)


def main(done_mask):
    mesh = jax.make_mesh((4, 2), ("shard", "feature"))
    done_mask = jax.device_put(done_mask, NamedSharding(mesh, P("shard")))
    buf = ShardedBuffer(mesh)
    state = BufferState(jnp.zeros(()), jnp.zeros((), jnp.int32))
    for _ in range(2):
        state = buf.add(state, done_mask)
    return state


if __name__ == "__main__":
    main(*inputs())
