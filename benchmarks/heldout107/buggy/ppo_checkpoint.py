"""PPO trainer: ppo checkpoint (shard_map port of the pmap-era code)."""
import dataclasses
import functools
from typing import Any

import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

# ---------------------------------------------------------------------------
# pasted from common/parallel_utils.py (2021); ported from pmap to shard_map
# for the jax 0.10 upgrade. Keep in sync with the copy in the eval scripts.
# ---------------------------------------------------------------------------
try:
    from jax import shard_map  # jax >= 0.6.1
except ImportError:  # pragma: no cover - old TPU VM images
    from jax.experimental.shard_map import shard_map

try:
    from jax._src.shard_map import top_level_all_gather
except ImportError:  # pragma: no cover
    top_level_all_gather = None

_pcast = getattr(jax.lax, "pcast", None)


def to_varying(x, axis_name):
    """Was `jax.lax.pvary` before 0.8.2."""
    if _pcast is not None:
        return _pcast(x, axis_name, to="varying")
    return jax.lax.pvary(x, axis_name)


AXIS = "batch"          # the old pmap axis name, kept so the checkpoints still load
MODEL_AXIS = "model"    # added in 2023 for the tensor-parallel heads
MODEL_PARALLEL = 2


def make_mesh(model_parallel=MODEL_PARALLEL):
    n = jax.local_device_count()
    return jax.make_mesh((n // model_parallel, model_parallel), (AXIS, MODEL_AXIS))


def replicate(tree, mesh):
    sharding = NamedSharding(mesh, P())
    return jax.tree_util.tree_map(lambda x: jax.device_put(x, sharding), tree)


def unreplicate(tree):
    # pmap days: x[0]; now the arrays are global, just pull them to host
    return jax.tree_util.tree_map(lambda x: np.asarray(jax.device_get(x)), tree)


def shard_batch(batch, mesh):
    """Host batch (B, ...) -> (n_devices, per_device, ...) like the pmap input pipeline."""
    n_devices = mesh.shape[AXIS]

    def _put(x):
        x = np.asarray(x).reshape((n_devices, -1) + x.shape[1:])
        return jax.device_put(x, NamedSharding(mesh, P(AXIS)))

    return jax.tree_util.tree_map(_put, batch)


@dataclasses.dataclass
class TrainState:
    """flax.training.train_state.TrainState, written out by hand (no flax on the pods)."""
    step: int
    params: Any
    opt_state: Any = None

    def replace(self, **kwargs):
        return dataclasses.replace(self, **kwargs)


def sgd_update(params, grads, lr):
    return jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)


# --- rl/ppo_lib.py (from the 2022 brax-style trainer) ---
OBS_DIM = 12
NUM_ACTIONS = 4
NUM_STEPS = 16
GAMMA = 0.99
CLIP_EPS = 0.2
TARGET_KL = 0.02


def init_params(rng):
    k1, k2 = jax.random.split(rng)
    return {"pi": jax.random.normal(k1, (OBS_DIM, NUM_ACTIONS)) * 0.1,
            "v": jax.random.normal(k2, (OBS_DIM, 1)) * 0.1}


def policy_value(params, obs):
    return obs @ params["pi"], (obs @ params["v"])[..., 0]


def discounted_returns(rewards, dones):
    def step(carry, xs):
        r, d = xs
        carry = r + GAMMA * carry * (1.0 - d)
        return carry, carry
    _, ret = jax.lax.scan(step, jnp.zeros_like(rewards[0]), (rewards[::-1], dones[::-1]))
    return ret[::-1]


def inputs():
    rng = np.random.default_rng(3)
    obs = rng.normal(size=(NUM_STEPS, 16, OBS_DIM)).astype(np.float32)   # (T, envs, obs)
    actions = rng.integers(0, NUM_ACTIONS, size=(NUM_STEPS, 16)).astype(np.int32)
    rewards = rng.normal(size=(NUM_STEPS, 16)).astype(np.float32)
    dones = (rng.random(size=(NUM_STEPS, 16)) < 0.05).astype(np.float32)
    old_logp = np.full((NUM_STEPS, 16), -np.log(NUM_ACTIONS), np.float32)
    return obs, actions, rewards, dones, old_logp


def shard_rollout(batch, mesh):
    """(T, envs, ...) -> (n_devices, T, envs_per_device, ...): envs are split, time is not."""
    n = mesh.shape[AXIS]

    def _put(x):
        x = np.asarray(x)
        x = x.reshape((x.shape[0], n, -1) + x.shape[2:]).swapaxes(0, 1)
        return jax.device_put(x, NamedSharding(mesh, P(AXIS)))

    return jax.tree_util.tree_map(_put, batch)


OBS_NORM_SPEC = P((AXIS, MODEL_AXIS))   # running obs statistics, one slice per core


def save_obs_normalizer(stats):
    """Collect the running mean for the checkpoint; the first half goes with the policy."""
    return top_level_all_gather(stats, P(MODEL_AXIS, reduced={AXIS}))


def main(obs, actions, rewards, dones, old_logp):
    mesh = make_mesh()
    n = jax.device_count()
    running_mean = np.asarray(obs).reshape(-1, OBS_DIM).mean(0)
    stats = jax.device_put(np.tile(running_mean, n // 4 + 1)[: 2 * n], NamedSharding(mesh, OBS_NORM_SPEC))
    with jax.set_mesh(mesh):
        saved = save_obs_normalizer(stats)
    print("obs normalizer", jax.device_get(saved).shape)
    return saved


if __name__ == "__main__":
    main(*inputs())
