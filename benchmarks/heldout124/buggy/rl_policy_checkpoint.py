"""launchers/rl/policy_ckpt.py: learner restart with policy checkpoints.

On start, the learner restores the latest step found in the checkpoint directory or,
failing that, initialises the policy and writes step 0 so the actors can pull it.
"""
import os
import re
import tempfile

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

POLICY_LAYOUT = {"torso": P("envs", "model"), "logits": P(None, "model")}
REPLICATED = P(None, None, reduced={"envs", "model"})


def checkpoint_spec(name):
    layout = POLICY_LAYOUT[name]
    axes = {a for a in layout if a is not None}
    return P(None, None, reduced=axes)


def find_latest(directory):
    pat = re.compile(r"^policy_(\d+)\.npz$")
    steps = [int(m.group(1)) for f in os.listdir(directory) if (m := pat.match(f))]
    return max(steps, default=-1)


def init_policy(mesh):
    key = jax.random.key(int(os.environ.get("POLICY_SEED", "0")))
    k1, k2 = jax.random.split(key)
    torso = jax.random.normal(k1, (8, 8)) * 0.1
    logits = jax.random.normal(k2, (8, 4)) * 0.1
    return {
        "torso": jax.device_put(torso, NamedSharding(mesh, POLICY_LAYOUT["torso"])),
        "logits": jax.device_put(logits, NamedSharding(mesh, POLICY_LAYOUT["logits"])),
    }


def write_checkpoint(policy, directory, step):
    arrays = {}
    for name in sorted(policy):
        arrays[name] = np.asarray(top_level_all_gather(policy[name], checkpoint_spec(name)))
    if jax.process_index() == 0:
        np.savez(os.path.join(directory, f"policy_{step}.npz"), **arrays)
    return arrays


def read_checkpoint(mesh, directory, step):
    data = np.load(os.path.join(directory, f"policy_{step}.npz"))
    return {k: jax.device_put(data[k], NamedSharding(mesh, POLICY_LAYOUT[k])) for k in data.files}


def main(ckpt_dir):
    model = int(os.environ.get("MODEL_PARALLEL", "2"))
    mesh = jax.make_mesh((jax.device_count() // model, model), ("envs", "model"))
    directory = ckpt_dir or tempfile.mkdtemp(prefix="policy_")
    with jax.set_mesh(mesh):
        step = find_latest(directory)
        if step < 0:
            policy = init_policy(mesh)
            write_checkpoint(policy, directory, 0)
            step = 0
        policy = read_checkpoint(mesh, directory, step)
    if jax.process_index() == 0:
        print("restored step", step, {k: v.shape for k, v in policy.items()})
    return policy["logits"]


def prune(directory, keep=3):
    for f in sorted(os.listdir(directory))[:-keep]:
        os.remove(os.path.join(directory, f))


def inputs():
    return (os.environ.get("CKPT_DIR"),)


if __name__ == "__main__":
    main(*inputs())
