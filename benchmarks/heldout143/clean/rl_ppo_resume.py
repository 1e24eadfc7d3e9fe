"""tiny_ppo/train/ppo_resume.py (imagined repo `tiny-ppo`).

Resumed PPO value update: the value head is split over `model` (partial outputs psum'd), the
value loss is averaged over `env` only, and the advantage table is gathered with
`to="invarying"` so it can be normalised with ordinary arithmetic before it is logged.
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
PPO = {"lr": 0.05, "gamma": 0.9}


def init_params(key):
    k1, k2 = jax.random.split(key)
    return {"w_obs": jax.random.normal(k1, (OBS, HID)) * 0.3,
            "w_value": jax.random.normal(k2, (HID, 1)) * 0.3}


def place(tree, specs, mesh):
    return {k: jax.device_put(v, NamedSharding(mesh, specs[k])) for k, v in tree.items()}


def discounted(rewards, gamma):
    acc = rewards[:, -1]
    cols = [acc]
    for t in range(rewards.shape[1] - 2, -1, -1):
        acc = rewards[:, t] + gamma * acc
        cols.append(acc)
    return jnp.stack(cols[::-1], axis=1)


def make_update(mesh, cfg):
    def body(w_obs, w_value, obs, rewards):
        returns = discounted(rewards, cfg["gamma"])

        def loss_fn(w_obs, w_value):
            value = jax.lax.psum(jnp.tanh(obs @ w_obs) @ w_value, "model")[..., 0]
            return jnp.mean((value - returns) ** 2), value

        (loss, value), (g_obs, g_value) = jax.value_and_grad(
            loss_fn, argnums=(0, 1), has_aux=True)(w_obs, w_value)
        g_obs = jax.lax.pmean(g_obs, "env")
        g_value = jax.lax.pmean(g_value, "env")
        table = jax.lax.all_gather(returns - value, "env", axis=0, tiled=True, to="invarying")
        table = (table - jnp.mean(table)) / (jnp.std(table) + 1e-6)
        loss = jax.lax.pmean(loss, "env")
        return (w_obs - cfg["lr"] * g_obs, w_value - cfg["lr"] * g_value, loss, table)

    return jax.jit(jax.shard_map(
        body, mesh=mesh,
        in_specs=(PARAM_SPECS["w_obs"], PARAM_SPECS["w_value"], P("env", None, None), P("env", None)),
        out_specs=(PARAM_SPECS["w_obs"], PARAM_SPECS["w_value"], P(), P(None, None))))


def inputs():
    rng = np.random.default_rng(74)
    obs = rng.normal(size=(8, 5, OBS)).astype(np.float32)
    rewards = rng.uniform(size=(8, 5)).astype(np.float32)
    return obs, rewards, 5


def main(obs, rewards, steps):
    mesh = jax.make_mesh(MESH_SHAPE, MESH_AXES)
    with tempfile.TemporaryDirectory() as workdir:
        mgr = CheckpointManager(workdir, max_to_keep=2, save_interval_steps=2)
        with jax.set_mesh(mesh):
            obs = jax.device_put(obs, NamedSharding(mesh, P("env", None, None)))
            rewards = jax.device_put(rewards, NamedSharding(mesh, P("env", None)))
            params = place(init_params(jax.random.key(3)), PARAM_SPECS, mesh)
            mgr.save(0, params, mesh)
            start = mgr.latest_step()
            params = mgr.restore(start, params, mesh)
            update = make_update(mesh, PPO)
            for step in range(start + 1, steps):
                w_obs, w_value, loss, table = update(params["w_obs"], params["w_value"], obs, rewards)
                params = {"w_obs": w_obs, "w_value": w_value}
                mgr.save(step, params, mesh)
            print("value loss", float(loss), "advantages", table.shape, mgr.all_steps())
            return params["w_obs"]


if __name__ == "__main__":
    main(*inputs())
