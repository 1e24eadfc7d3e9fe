"""tiny_ppo/train/resume_returns.py (imagined repo `tiny-ppo`).

Actor-critic on a batch of vectorised environments (`env`) with the value head split over
`model`. After a restart the trainer logs a table of per-environment episode returns; the table
axis is taken from the saved sharding of the value kernel.
"""
import json
import os
import shutil
import tempfile

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# ---------------------------------------------------------------------------------------------
# ckpt_lite: a small orbax-style checkpoint manager (copied from infra/ckpt_lite.py, keep in sync)
# ---------------------------------------------------------------------------------------------
_META_FILE = "_CHECKPOINT_METADATA.json"
_ARRAYS_FILE = "arrays.npz"


def _spec_to_json(spec):
    return [list(e) if isinstance(e, tuple) else e for e in spec]


def _spec_from_json(entries):
    return P(*[tuple(e) if isinstance(e, list) else e for e in entries])


class CheckpointManager:
    """Keeps the last `max_to_keep` steps under `directory` as step_<n>/ folders."""

    def __init__(self, directory, max_to_keep=3, save_interval_steps=1):
        self.directory = directory
        self.max_to_keep = max_to_keep
        self.save_interval_steps = save_interval_steps
        self.preempted = False
        os.makedirs(directory, exist_ok=True)

    def _step_dir(self, step):
        return os.path.join(self.directory, f"step_{step:08d}")

    def all_steps(self):
        steps = []
        for name in os.listdir(self.directory):
            if name.startswith("step_") and not name.endswith(".tmp"):
                steps.append(int(name[len("step_"):]))
        return sorted(steps)

    def latest_step(self):
        steps = self.all_steps()
        return steps[-1] if steps else None

    def should_save(self, step):
        return self.preempted or step % self.save_interval_steps == 0

    def save(self, step, tree, mesh, force=False):
        if not (force or self.should_save(step)):
            return False
        paths, treedef = jax.tree_util.tree_flatten_with_path(tree)
        tmp = self._step_dir(step) + ".tmp"
        os.makedirs(tmp, exist_ok=True)
        arrays = {f"leaf_{i}": np.asarray(leaf) for i, (_, leaf) in enumerate(paths)}
        np.savez(os.path.join(tmp, _ARRAYS_FILE), **arrays)
        meta = {
            "step": int(step),
            "mesh_shape": [int(n) for n in mesh.devices.shape],
            "axis_names": list(mesh.axis_names),
            "keys": [jax.tree_util.keystr(k) for k, _ in paths],
            "specs": [_spec_to_json(leaf.sharding.spec) for _, leaf in paths],
        }
        with open(os.path.join(tmp, _META_FILE), "w") as f:
            json.dump(meta, f)
        os.replace(tmp, self._step_dir(step))
        for old in self.all_steps()[:-self.max_to_keep]:
            shutil.rmtree(self._step_dir(old))
        return True

    def metadata(self, step):
        with open(os.path.join(self._step_dir(step), _META_FILE)) as f:
            return json.load(f)

    def restore(self, step, target, mesh):
        meta = self.metadata(step)
        _, treedef = jax.tree_util.tree_flatten(target)
        with np.load(os.path.join(self._step_dir(step), _ARRAYS_FILE)) as data:
            leaves = [
                jax.device_put(data[f"leaf_{i}"], NamedSharding(mesh, _spec_from_json(entries)))
                for i, entries in enumerate(meta["specs"])
            ]
        return jax.tree_util.tree_unflatten(treedef, leaves)

# ---------------------------------------------------------------------------------------------

MESH_SHAPE = (4, 2)
MESH_AXES = ("env", "model")
OBS = 6
HID = 8
PARAM_SPECS = {"w_obs": P(None, "model"), "w_value": P("model", None)}


def init_params(key):
    k1, k2 = jax.random.split(key)
    return {"w_obs": jax.random.normal(k1, (OBS, HID)) * 0.3,
            "w_value": jax.random.normal(k2, (HID, 1)) * 0.3}


def place(tree, specs, mesh):
    return {k: jax.device_put(v, NamedSharding(mesh, specs[k])) for k, v in tree.items()}


def discounted(rewards, gamma=0.9):
    acc = rewards[:, -1]
    out = [acc]
    for t in range(rewards.shape[1] - 2, -1, -1):
        acc = rewards[:, t] + gamma * acc
        out.append(acc)
    return jnp.stack(out[::-1], axis=1)


def make_logger(mesh, table_axis):
    def body(w_obs, w_value, obs, rewards):
        h = jnp.tanh(obs @ w_obs)
        value = jax.lax.psum(h @ w_value, "model")[..., 0]
        returns = discounted(rewards)[:, 0]
        table = jax.lax.all_gather(returns, table_axis, tiled=True, to="reduced")
        err = jax.lax.pmean(jnp.mean((value[:, 0] - returns) ** 2), "env")
        return table, err

    return jax.shard_map(body, mesh=mesh,
                         in_specs=(PARAM_SPECS["w_obs"], PARAM_SPECS["w_value"],
                                   P("env", None, None), P("env", None)),
                         out_specs=(P(None, reduced={table_axis}), P()))


def inputs():
    rng = np.random.default_rng(50)
    obs = rng.normal(size=(8, 5, OBS)).astype(np.float32)
    rewards = rng.uniform(size=(8, 5)).astype(np.float32)
    return obs, rewards, 3


def main(obs, rewards, steps):
    mesh = jax.make_mesh(MESH_SHAPE, MESH_AXES)
    with tempfile.TemporaryDirectory() as workdir:
        mgr = CheckpointManager(workdir, max_to_keep=2)
        with jax.set_mesh(mesh):
            obs = jax.device_put(obs, NamedSharding(mesh, P("env", None, None)))
            rewards = jax.device_put(rewards, NamedSharding(mesh, P("env", None)))
            params = place(init_params(jax.random.key(0)), PARAM_SPECS, mesh)
            for step in range(steps):
                mgr.save(step, params, mesh)
            latest = mgr.latest_step()
            meta = mgr.metadata(latest)
            params = mgr.restore(latest, params, mesh)
            table_axis = meta["specs"][meta["keys"].index("['w_value']")][0]
            table, err = make_logger(mesh, table_axis)(params["w_obs"], params["w_value"], obs, rewards)
            print("returns", table.shape, "value err", float(err))
            return params["w_obs"]


if __name__ == "__main__":
    main(*inputs())
