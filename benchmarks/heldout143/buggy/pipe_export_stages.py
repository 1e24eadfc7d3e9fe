"""ringpipe/tools/merge_stages.py (imagined repo `ringpipe`).

Merges the stage-sharded weights of the newest checkpoint into one array for single-host
inference. Each leaf is restored with its saved sharding and regathered with the private
`top_level_all_gather`, with every axis of its saved spec listed as reduced.
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

MESH_SHAPE = (2, 4)
MESH_AXES = ("stage", "data")
PARAM_SPECS = {"w": P("stage", None, None), "b": P("stage", "data")}
D = 8


def init_params(key, n_stages=2):
    k1, k2 = jax.random.split(key)
    return {"w": jax.random.normal(k1, (n_stages, D, D)) / np.sqrt(D),
            "b": jax.random.normal(k2, (n_stages, D)) * 0.01}


def place(tree, specs, mesh):
    return {k: jax.device_put(v, NamedSharding(mesh, specs[k])) for k, v in tree.items()}


def merged_spec(entries):
    axes = set()
    for e in entries:
        if isinstance(e, list):
            axes.update(e)
        elif e is not None:
            axes.add(e)
    return P(*(None for _ in entries), reduced=axes)


def merge(mgr, step, target, mesh):
    meta = mgr.metadata(step)
    restored = mgr.restore(step, target, mesh)
    leaves, treedef = jax.tree_util.tree_flatten(restored)
    merged = []
    for leaf, entries in zip(leaves, meta["specs"]):
        merged.append(top_level_all_gather(leaf, merged_spec(entries)))
    return jax.tree_util.tree_unflatten(treedef, merged)


def warmup(params):
    return {"w": params["w"] * 1.01, "b": params["b"] + 0.1}


def inputs():
    return 2, 9


def main(steps, seed):
    mesh = jax.make_mesh(MESH_SHAPE, MESH_AXES)
    with tempfile.TemporaryDirectory() as workdir:
        mgr = CheckpointManager(workdir, max_to_keep=2)
        with jax.set_mesh(mesh):
            params = place(init_params(jax.random.key(seed)), PARAM_SPECS, mesh)
            for step in range(steps):
                params = jax.jit(warmup)(params)
                mgr.save(step, params, mesh)
            merged = merge(mgr, mgr.latest_step(), params, mesh)
            print({k: v.shape for k, v in merged.items()})
            return params["w"]


if __name__ == "__main__":
    main(*inputs())
