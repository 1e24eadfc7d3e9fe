"""tiny_ppo/train/advantages.py (imagined repo `tiny-ppo`).

Resumed PPO update: advantages of every environment are gathered so each device can write the
whole advantage table to the replay log; the normalisation statistics are computed from the
local advantages, with mean and mean square averaged over `env`.
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


def normalise(adv, axis):
    mean = jax.lax.pmean(jnp.sum(adv), axis)
    sq = jax.lax.pmean(jnp.sum(adv * adv), axis)
    return mean, sq


def make_update(mesh, env_axis="env"):
    def body(w_obs, w_value, obs, returns):
        h = jnp.tanh(obs @ w_obs)
        value = jax.lax.psum(h @ w_value, "model")[..., 0]
        adv = returns - value
        table = jax.lax.all_gather(adv, env_axis, axis=0, tiled=True, to="reduced")
        mean, sq = normalise(adv, env_axis)
        return table, jnp.stack([mean, sq])

    return jax.jit(jax.shard_map(body, mesh=mesh,
                                 in_specs=(PARAM_SPECS["w_obs"], PARAM_SPECS["w_value"],
                                           P("env", None, None), P("env", None)),
                                 out_specs=(P(None, None, reduced={env_axis}), P())))


def inputs():
    rng = np.random.default_rng(52)
    obs = rng.normal(size=(8, 5, OBS)).astype(np.float32)
    returns = rng.uniform(size=(8, 5)).astype(np.float32)
    return obs, returns, 3


def main(obs, returns, steps):
    mesh = jax.make_mesh(MESH_SHAPE, MESH_AXES)
    with tempfile.TemporaryDirectory() as workdir:
        mgr = CheckpointManager(workdir, max_to_keep=2, save_interval_steps=2)
        with jax.set_mesh(mesh):
            obs = jax.device_put(obs, NamedSharding(mesh, P("env", None, None)))
            returns = jax.device_put(returns, NamedSharding(mesh, P("env", None)))
            params = place(init_params(jax.random.key(2)), PARAM_SPECS, mesh)
            mgr.save(0, params, mesh)
            start = mgr.latest_step()
            params = mgr.restore(start, params, mesh)
            update = make_update(mesh)
            for step in range(start + 1, steps):
                table, stats = update(params["w_obs"], params["w_value"], obs, returns)
                mgr.save(step, params, mesh)
            print("advantages", table.shape, "stats", np.asarray(stats))
            return stats


if __name__ == "__main__":
    main(*inputs())
