"""tiny_ppo/train/value_loss.py (imagined repo `tiny-ppo`).

Value-function regression of a resumed PPO run. The value head is split over `model` (its
partial outputs are summed with psum), and the squared error is averaged over the mesh axes the
checkpoint metadata records, which was `("env",)` on the single-axis mesh the run started on.
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


class ValueLoss:
    def __init__(self, mesh, avg_axes):
        self.mesh = mesh
        self.avg_axes = avg_axes

    def value(self, w_obs, w_value, obs):
        h = jnp.tanh(obs @ w_obs)
        return jax.lax.psum(h @ w_value, "model")[..., 0]

    def body(self, w_obs, w_value, obs, returns):
        err = self.value(w_obs, w_value, obs) - returns
        return jax.lax.pmean(jnp.mean(err * err), self.avg_axes)

    def __call__(self, params, obs, returns):
        fn = jax.shard_map(self.body, mesh=self.mesh,
                           in_specs=(PARAM_SPECS["w_obs"], PARAM_SPECS["w_value"],
                                     P("env", None, None), P("env", None)),
                           out_specs=P())
        return fn(params["w_obs"], params["w_value"], obs, returns)


def inputs():
    rng = np.random.default_rng(53)
    obs = rng.normal(size=(8, 5, OBS)).astype(np.float32)
    returns = rng.uniform(size=(8, 5)).astype(np.float32)
    return obs, returns, 3


def main(obs, returns, steps):
    mesh = jax.make_mesh(MESH_SHAPE, MESH_AXES)
    with tempfile.TemporaryDirectory() as workdir:
        mgr = CheckpointManager(workdir, max_to_keep=2)
        with jax.set_mesh(mesh):
            obs = jax.device_put(obs, NamedSharding(mesh, P("env", None, None)))
            returns = jax.device_put(returns, NamedSharding(mesh, P("env", None)))
            params = place(init_params(jax.random.key(3)), PARAM_SPECS, mesh)
            for step in range(steps):
                mgr.save(step, params, mesh)
            latest = mgr.latest_step()
            params = mgr.restore(latest, params, mesh)
            loss = ValueLoss(mesh, tuple(mgr.metadata(latest)["axis_names"]))(params, obs, returns)
            print("value loss", float(loss))
            return params["w_value"]


if __name__ == "__main__":
    main(*inputs())
