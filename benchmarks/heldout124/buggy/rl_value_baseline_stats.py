"""launchers/rl/learner.py: actor-learner PPO launcher, learner side.

Mesh roles come from a ROLE -> axis table (env rollouts on one axis, the value network
split on the other). The baseline statistics are gathered over the axis of the `stats`
role for the process-0 logger.
"""
import os
import signal
import time

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

ROLES = {"rollout": "env", "model": "model", "stats": os.environ.get("STATS_AXIS", "model")}


class Topology:
    def __init__(self):
        self.num_learners = int(os.environ.get("NUM_LEARNERS", "1"))
        self.model_parallel = int(os.environ.get("MODEL_PARALLEL", "2"))
        self.process_index = jax.process_index()
        self.process_count = jax.process_count()

    def mesh(self):
        n = jax.device_count()
        ici = [n // (self.model_parallel * self.num_learners), self.model_parallel]
        dcn = [self.num_learners, 1]
        shape = [a * b for a, b in zip(ici, dcn)]
        devices = np.array(jax.devices()).reshape(shape)
        axis_types = (jax.sharding.AxisType.Explicit,) * 2
        return Mesh(devices, (ROLES["rollout"], ROLES["model"]), axis_types=axis_types)


def value_head(obs, w):
    partial_v = obs @ w
    return jax.lax.psum(jnp.sum(partial_v, axis=-1), ROLES["model"])


def learner_step(obs, w, returns):
    v = value_head(obs, w)
    baseline = jnp.mean(v - returns)
    baseline = jax.lax.psum(baseline, ROLES["model"]) / 2.0
    seen = jax.lax.all_gather(baseline, ROLES["stats"], to="reduced")
    return v, seen


def build(mesh):
    env, model = ROLES["rollout"], ROLES["model"]
    return jax.jit(jax.shard_map(learner_step, mesh=mesh,
                                 in_specs=(P(env, None), P(None, model), P(env)),
                                 out_specs=(P(env), P(env, reduced={ROLES["stats"]}))))


class GracefulExit:
    def __init__(self):
        self.stop = False
        signal.signal(signal.SIGTERM, self._handler)

    def _handler(self, signum, frame):
        self.stop = True


def rollout_batch(mesh, seed):
    rng = np.random.default_rng(seed + jax.process_index())
    obs = rng.standard_normal((8, 6)).astype(np.float32)
    ret = rng.standard_normal((8,)).astype(np.float32)
    env = ROLES["rollout"]
    return (jax.make_array_from_process_local_data(NamedSharding(mesh, P(env, None)), obs),
            jax.make_array_from_process_local_data(NamedSharding(mesh, P(env)), ret))


def main(updates):
    topo = Topology()
    mesh = topo.mesh()
    guard = GracefulExit()
    w = jax.device_put(jnp.ones((6, 4)) * 0.1, NamedSharding(mesh, P(None, ROLES["model"])))
    step = build(mesh)
    stats = []
    with jax.set_mesh(mesh):
        for u in range(updates):
            if guard.stop:
                break
            obs, ret = rollout_batch(mesh, u)
            t = time.time()
            v, seen = step(obs, w, ret)
            if topo.process_index == 0:
                stats.append((u, time.time() - t))
    return stats


def inputs():
    return (int(os.environ.get("UPDATES", "2")),)


if __name__ == "__main__":
    main(*inputs())
