"""tinylm/export/serving_layout.py (imagined repo `tinylm`).

Converts the newest training checkpoint into the serving layout. The embedding rows are stored
split over (`batch`, `tensor`); serving keeps them split over `batch` and regathers the
`tensor` part with the private `top_level_all_gather`; the output projection is gathered whole.
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
MESH_AXES = ("batch", "tensor")
VOCAB = 32
DIM = 4
TRAIN_SPECS = {"embed": P(("batch", "tensor"), None), "unembed": P(None, "tensor")}


def init_params(key):
    k1, k2 = jax.random.split(key)
    return {"embed": jax.random.normal(k1, (VOCAB, DIM)) * 0.2,
            "unembed": jax.random.normal(k2, (DIM, VOCAB)) * 0.2}


def place(tree, specs, mesh):
    return {k: jax.device_put(v, NamedSharding(mesh, specs[k])) for k, v in tree.items()}


def axes_of(entry):
    if entry is None:
        return []
    return list(entry) if isinstance(entry, list) else [entry]


def serving_spec(entries, keep):
    out, gathered = [], set()
    for entry in entries:
        axes = axes_of(entry)
        if axes and axes[0] == keep:
            out.append(keep)
            gathered.update(axes[1:])
        else:
            out.append(None)
            gathered.update(axes)
    return P(*out, reduced=gathered)


def to_serving(mgr, step, target, mesh, keep="batch"):
    meta = mgr.metadata(step)
    restored = mgr.restore(step, target, mesh)
    served = {}
    for key, entries in zip(meta["keys"], meta["specs"]):
        name = key.strip("[]'")
        served[name] = top_level_all_gather(restored[name], serving_spec(entries, keep))
    return served


def renorm(params):
    norms = jnp.linalg.norm(params["embed"], axis=1, keepdims=True)
    return {"embed": params["embed"] / jnp.maximum(norms, 1.0), "unembed": params["unembed"]}


def inputs():
    return 2, 3


def main(steps, seed):
    mesh = jax.make_mesh(MESH_SHAPE, MESH_AXES)
    with tempfile.TemporaryDirectory() as workdir:
        mgr = CheckpointManager(workdir, max_to_keep=1)
        with jax.set_mesh(mesh):
            params = place(init_params(jax.random.key(seed)), TRAIN_SPECS, mesh)
            for step in range(steps):
                params = jax.jit(renorm)(params)
                mgr.save(step, params, mesh)
            served = to_serving(mgr, mgr.latest_step(), params, mesh)
            for name, value in served.items():
                print(name, value.shape, value.sharding.spec)
            return params["unembed"]


if __name__ == "__main__":
    main(*inputs())
