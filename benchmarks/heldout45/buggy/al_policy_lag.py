"""Actor-learner split: policy-lag statistics of the behaviour policies the actors ran."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Axes(NamedTuple):
    actor: str = "actor"
    param: str = "param"


class LagMonitor:
    def __init__(self, mesh, axes=Axes()):
        self.axes = tuple(axes)
        self.actor_axis = axes.actor
        self._stats = jax.jit(jax.shard_map(self.stats, mesh=mesh, in_specs=(P(axes.actor), P()),
                                            out_specs=(P(), P())))

    def stats(self, actor_versions, learner_version):
        lag = (learner_version - actor_versions).astype(jnp.float32)
        mean_lag = jax.lax.pmean(lag.mean(), self.axes)
        max_lag = jax.lax.pmax(lag.max(), self.actor_axis)
        return mean_lag, max_lag

    def __call__(self, actor_versions, learner_version):
        return self._stats(actor_versions, learner_version)


def inputs():
    return np.array([3, 4, 4, 5, 5, 5, 6, 7], np.int32), np.int32(8)


def main(actor_versions, learner_version):
    mesh = jax.make_mesh((2, 4), tuple(Axes()))
    actor_versions = jax.device_put(actor_versions, NamedSharding(mesh, P("actor")))
    monitor = LagMonitor(mesh)
    return monitor(actor_versions, jnp.asarray(learner_version))


if __name__ == "__main__":
    main(*inputs())
