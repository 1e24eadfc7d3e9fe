"""Prioritized replay learner: new priorities from TD errors, shared with every actor's replay shard."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class PrioritizedLearner:
    def __init__(self, mesh, axis="actors", alpha=0.6, eps=1e-6):
        self.mesh = mesh
        self.axis = axis
        self.alpha = alpha
        self.eps = eps
        self._gather = functools.partial(jax.lax.all_gather, axis_name=axis, axis=0, tiled=True, to="reduced")

    def td_errors(self, q, q_next, rewards, discount=0.99):
        return rewards + discount * jnp.max(q_next, axis=-1) - jnp.max(q, axis=-1)

    def priorities(self, q, q_next, rewards):
        td = jnp.abs(self.td_errors(q, q_next, rewards)) + self.eps
        ceiling = jax.lax.pmax(jnp.max(td), self.axis)
        return (td / ceiling) ** self.alpha, ceiling

    def update(self, q, q_next, rewards):
        prio, ceiling = self.priorities(q, q_next, rewards)
        table_max = self._gather(ceiling[None])
        return prio, table_max

    def __call__(self, q, q_next, rewards):
        fn = jax.shard_map(self.update, mesh=self.mesh,
                           in_specs=(P(self.axis, None), P(self.axis, None), P(self.axis)),
                           out_specs=(P(self.axis), P(reduced={self.axis})))
        return fn(q, q_next, rewards)


def inputs():
    rng = np.random.default_rng(5)
    q = rng.normal(size=(16, 6)).astype(np.float32)
    q_next = rng.normal(size=(16, 6)).astype(np.float32)
    rewards = rng.uniform(size=(16,)).astype(np.float32)
    return q, q_next, rewards


def main(q, q_next, rewards):
    mesh = jax.make_mesh((8,), ("actors",))
    q = jax.device_put(q, NamedSharding(mesh, P("actors", None)))
    q_next = jax.device_put(q_next, NamedSharding(mesh, P("actors", None)))
    rewards = jax.device_put(rewards, NamedSharding(mesh, P("actors")))
    return PrioritizedLearner(mesh)(q, q_next, rewards)


if __name__ == "__main__":
    print(main(*inputs()))
