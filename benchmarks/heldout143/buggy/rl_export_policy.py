"""tiny_ppo/serve/export_policy.py (imagined repo `tiny-ppo`).

The policy kernel is trained with its columns split over both mesh axes. The serving fleet
keeps it split over `model` only, so the export regathers the `env` part of the restored kernel
with the private `top_level_all_gather` and leaves the `model` split in place.
"""
import json
import os
import shutil
import tempfile

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

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
N_ACTIONS = 16
TRAIN_SPECS = {"policy": P(None, ("env", "model"))}
SERVE_AXIS = "model"


def init_params(key):
    return {"policy": jax.random.normal(key, (OBS, N_ACTIONS)) * 0.1}


def place(tree, specs, mesh):
    return {k: jax.device_put(v, NamedSharding(mesh, specs[k])) for k, v in tree.items()}


def serving_spec(saved, keep):
    cols = saved[1] if isinstance(saved[1], list) else [saved[1]]
    return P(None, keep, reduced={a for a in cols if a != keep})


def export_for_serving(mgr, mesh, target):
    step = mgr.latest_step()
    meta = mgr.metadata(step)
    restored = mgr.restore(step, target, mesh)
    spec = serving_spec(meta["specs"][0], SERVE_AXIS)
    return step, top_level_all_gather(restored["policy"], spec)


def entropy_bonus(params, scale=0.01):
    return {"policy": params["policy"] * (1.0 - scale)}


def inputs():
    return 3, 6


def main(steps, seed):
    mesh = jax.make_mesh(MESH_SHAPE, MESH_AXES)
    with tempfile.TemporaryDirectory() as workdir:
        mgr = CheckpointManager(workdir, max_to_keep=2)
        with jax.set_mesh(mesh):
            params = place(init_params(jax.random.key(seed)), TRAIN_SPECS, mesh)
            for step in range(steps):
                params = jax.jit(entropy_bonus)(params)
                mgr.save(step, params, mesh)
            step, served = export_for_serving(mgr, mesh, params)
            print("serving policy from", step, served.shape)
            return params["policy"]


if __name__ == "__main__":
    main(*inputs())
