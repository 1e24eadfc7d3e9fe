"""launchers/rl/ppo_update.py: PPO update with advantages normalised across the env groups.

The GAE pass needs the whole trajectory in time, so the advantages are reassembled over
the time axis (to="reduced", they feed the loss only) and normalised over that axis's
shards before the clipped objective.
"""
import os
import time
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

CLIP = 0.2


def mesh_from_env():
    env_groups = int(os.environ.get("ENV_GROUPS", "4"))
    time_shards = jax.device_count() // env_groups
    devs = np.asarray(jax.devices()).reshape(env_groups, time_shards)
    return Mesh(devs, ("envs", "time"), axis_types=(jax.sharding.AxisType.Explicit,) * 2)


def gae(deltas, lam_gamma):
    weights = lam_gamma ** jnp.arange(deltas.shape[1], dtype=deltas.dtype)
    return jnp.cumsum(deltas * weights, axis=1)


def normalise(adv, axis):
    peak = jax.lax.pmax(adv, axis)
    scale = jnp.max(jnp.abs(peak), axis=1, keepdims=True)
    return adv / (scale + 1e-8)


def ppo_update(deltas, ratio, *, time_axis, lam_gamma):
    adv = gae(deltas, lam_gamma)
    full = jax.lax.all_gather(adv, time_axis, axis=1, tiled=True, to="reduced")
    full = normalise(full, time_axis)
    return full


def make_update(mesh, time_axis, lam_gamma):
    body = partial(ppo_update, time_axis=time_axis, lam_gamma=lam_gamma)
    return jax.jit(jax.shard_map(body, mesh=mesh,
                                 in_specs=(P("envs", time_axis), P("envs", time_axis)),
                                 out_specs=P("envs", None)))


def fake_rollout(mesh, horizon, seed):
    rng = np.random.default_rng(seed)
    sharding = NamedSharding(mesh, P("envs", "time"))
    deltas = rng.standard_normal((8, horizon)).astype(np.float32)
    ratio = 1.0 + 0.1 * rng.standard_normal((8, horizon)).astype(np.float32)
    return (jax.make_array_from_process_local_data(sharding, deltas),
            jax.make_array_from_process_local_data(sharding, ratio))


def main(horizon, lam_gamma):
    mesh = mesh_from_env()
    deltas, ratio = fake_rollout(mesh, horizon, seed=0)
    t0 = time.monotonic()
    with jax.set_mesh(mesh):
        update = make_update(mesh, "time", lam_gamma)
        adv = update(deltas, ratio)
    if jax.process_index() == 0:
        print(f"update took {time.monotonic() - t0:.2f}s, adv std {float(jnp.std(adv)):.3f}")
    return adv


def explained(adv):
    return float(jnp.mean(jnp.abs(adv)))


def inputs():
    return (int(os.environ.get("HORIZON", "8")), float(os.environ.get("LAMBDA_GAMMA", "0.95")))


if __name__ == "__main__":
    main(*inputs())
