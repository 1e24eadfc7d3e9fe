"""tinylm/export/vocab_shards.py (imagined repo `tinylm`).

The embedding table is stored split over both mesh axes (rows over `batch` x `tensor`). For
serving it is regathered per vocabulary shard: rows stay split over `tensor` and the `batch`
part is collected with the private `top_level_all_gather`.
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
TRAIN_SPECS = {"embed": P(("batch", "tensor"), None), "bias": P(None)}
SERVE_ROW_AXIS = "batch"


def init_params(key):
    return {"embed": jax.random.normal(key, (VOCAB, DIM)) * 0.2,
            "bias": jnp.zeros((DIM,))}


def place(tree, specs, mesh):
    return {k: jax.device_put(v, NamedSharding(mesh, specs[k])) for k, v in tree.items()}


def serve_spec(saved_entries, row_axis):
    rows = saved_entries[0]
    rows = tuple(rows) if isinstance(rows, (list, tuple)) else (rows,)
    gathered = {a for a in rows if a != row_axis}
    return P(row_axis, *saved_entries[1:], reduced=gathered)


def to_serving(mgr, step, target, mesh):
    meta = mgr.metadata(step)
    restored = mgr.restore(step, target, mesh)
    embed_entries = meta["specs"][meta["keys"].index("['embed']")]
    return top_level_all_gather(restored["embed"], serve_spec(embed_entries, SERVE_ROW_AXIS))


def renorm(params):
    norms = jnp.linalg.norm(params["embed"], axis=1, keepdims=True)
    return {"embed": params["embed"] / jnp.maximum(norms, 1.0), "bias": params["bias"]}


def inputs():
    return 2, 7


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
            print("serving table", served.shape, served.sharding.spec)
            return params["bias"]


if __name__ == "__main__":
    main(*inputs())
