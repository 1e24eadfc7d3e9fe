"""launchers/rl/replay_dump.py: dump the replay buffer's rewards at the end of an epoch.

Rewards are first put in time order per environment group (gathered to reduced over the
time shards), then the whole buffer is collected over every role axis for the dump.
"""
import os
import tempfile

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

ROLE_AXES = {"envs": "envs", "time": "time"}


def read_flags():
    return {
        "dump": os.environ.get("DUMP_REPLAY", "true").lower() == "true",
        "horizon": int(os.environ.get("HORIZON", "8")),
        "num_envs": int(os.environ.get("NUM_ENVS", "8")),
        "gamma": float(os.environ.get("GAMMA", "0.99")),
    }


def make_mesh():
    time_shards = int(os.environ.get("TIME_SHARDS", "2"))
    ici_parallelism = [jax.device_count() // time_shards, time_shards]
    return jax.make_mesh(tuple(ici_parallelism), (ROLE_AXES["envs"], ROLE_AXES["time"]))


def discounted(rewards, gamma):
    t = jnp.arange(rewards.shape[1], dtype=rewards.dtype)
    return rewards * gamma ** t


def dump_plan():
    return (ROLE_AXES["envs"], ROLE_AXES["time"])


def make_dump(mesh, flags):
    plan = dump_plan()

    def body(rewards):
        r = discounted(rewards, flags["gamma"])
        ordered = jax.lax.all_gather(r, ROLE_AXES["time"], axis=1, tiled=True, to="reduced")
        everything = jax.lax.all_gather(ordered, plan, axis=0, tiled=True, to="reduced")
        return everything

    return jax.jit(jax.shard_map(body, mesh=mesh,
                                 in_specs=P(ROLE_AXES["envs"], ROLE_AXES["time"]),
                                 out_specs=P(None, None, reduced=set(plan))))


def save(buffer, directory):
    if jax.process_index() != 0:
        return None
    path = os.path.join(directory, "rewards.npz")
    np.savez(path, rewards=np.asarray(buffer))
    return path


def main(seed):
    flags = read_flags()
    mesh = make_mesh()
    rng = np.random.default_rng(seed)
    rewards = rng.random((flags["num_envs"], flags["horizon"]), dtype=np.float32)
    sharding = NamedSharding(mesh, P(ROLE_AXES["envs"], ROLE_AXES["time"]))
    rewards = jax.make_array_from_process_local_data(sharding, rewards)
    result = None
    with jax.set_mesh(mesh):
        if flags["dump"]:
            result = make_dump(mesh, flags)(rewards)
            with tempfile.TemporaryDirectory() as tmp:
                save(result, tmp)
    return result


def inputs():
    return (int(os.environ.get("SEED", "0")),)


if __name__ == "__main__":
    main(*inputs())
