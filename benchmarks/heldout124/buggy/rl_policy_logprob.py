"""launchers/rl/actor.py: actor-side policy evaluation with action-sharded logits.

The actor reassembles the action logits (to="reduced", they are only read) and takes
log-probabilities for sampling.
"""
import os
import time

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import mesh_utils
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P


class ActorConfig:
    def __init__(self, overrides=None):
        self.actions = 8
        self.obs_dim = 6
        self.batch = 8
        self.axes = ("envs", "actions")
        self.action_parallelism = 2
        for k, v in (overrides or {}).items():
            setattr(self, k, v)


def mesh_for(cfg):
    n = jax.device_count()
    dcn_parallelism = [int(os.environ.get("NUM_ACTOR_HOSTS", "1")), 1]
    ici_parallelism = [n // cfg.action_parallelism, cfg.action_parallelism]
    shape = [d * i for d, i in zip(dcn_parallelism, ici_parallelism)]
    return Mesh(mesh_utils.create_device_mesh(shape), cfg.axes,
                axis_types=(jax.sharding.AxisType.Explicit,) * 2)


class Policy:
    def __init__(self, cfg):
        self.cfg = cfg
        self.env_axis, self.action_axis = cfg.axes

    def logits(self, obs, w):
        local = obs @ w
        return jax.lax.all_gather(local, self.action_axis, axis=1, tiled=True, to="reduced")

    def log_probs(self, obs, w):
        return jax.nn.log_softmax(self.logits(obs, w), axis=-1)

    def compiled(self, mesh):
        return jax.jit(jax.shard_map(
            self.log_probs, mesh=mesh,
            in_specs=(P(self.env_axis, None), P(None, self.action_axis)),
            out_specs=P(self.env_axis, None, reduced={self.action_axis})))


def main(overrides):
    cfg = ActorConfig(overrides)
    mesh = mesh_for(cfg)
    policy = Policy(cfg)
    rng = np.random.default_rng(0)
    obs = jax.make_array_from_process_local_data(
        NamedSharding(mesh, P(policy.env_axis, None)),
        rng.standard_normal((cfg.batch, cfg.obs_dim)).astype(np.float32))
    w = jax.device_put(rng.standard_normal((cfg.obs_dim, cfg.actions)).astype(np.float32),
                       NamedSharding(mesh, P(None, policy.action_axis)))
    start = time.time()
    with jax.set_mesh(mesh):
        logp = policy.compiled(mesh)(obs, w)
    if jax.process_index() == 0:
        print("actor step", time.time() - start)
    return logp


def sample_actions(logp, seed):
    return jax.random.categorical(jax.random.key(seed), logp, axis=-1)


def inputs():
    return ({"batch": int(os.environ.get("ACTOR_BATCH", "8"))},)


if __name__ == "__main__":
    main(*inputs())
