"""Prioritised replay sharded over devices: sampling probabilities from sum-tree totals."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class ReplayState(NamedTuple):
    storage: jax.Array
    priorities: jax.Array
    position: jax.Array


class PrioritizedReplay:
    shard_axis = "shard"
    feature_axis = "feature"

    def __init__(self, mesh, alpha=0.6):
        self.mesh = mesh
        self.alpha = alpha
        self._probs = self._build_probs()

    def _tree_levels(self, priorities):
        level = priorities ** self.alpha
        levels = [level]
        while level.shape[0] > 1:
            level = level.reshape(-1, 2).sum(axis=-1)
            levels.append(level)
        return levels

    def _build_probs(self):
        axis = self.shard_axis

        def body(priorities):
            levels = self._tree_levels(priorities)
            root = levels[-1]
            shard_totals = jax.lax.psum(root, axis)
            totals = jax.lax.all_gather(shard_totals, axis, tiled=True, to="reduced")
            return levels[0] / shard_totals, totals

        return jax.jit(jax.shard_map(body, mesh=self.mesh, in_specs=P(axis),
                                     out_specs=(P(axis), P(None, reduced={axis}))))

    def sampling_probs(self, state: ReplayState):
        return self._probs(state.priorities)


def inputs():
    rng = np.random.default_rng(11)
    storage = rng.normal(size=(32, 4)).astype(np.float32)
    priorities = rng.uniform(0.1, 2.0, size=(32,)).astype(np.float32)
    return storage, priorities


def main(storage, priorities):
    mesh = jax.make_mesh((4, 2), (PrioritizedReplay.shard_axis, PrioritizedReplay.feature_axis))
    state = ReplayState(
        storage=jax.device_put(storage, NamedSharding(mesh, P("shard", "feature"))),
        priorities=jax.device_put(priorities, NamedSharding(mesh, P("shard"))),
        position=jnp.zeros((), jnp.int32),
    )
    buffer = PrioritizedReplay(mesh)
    return buffer.sampling_probs(state)


if __name__ == "__main__":
    main(*inputs())
