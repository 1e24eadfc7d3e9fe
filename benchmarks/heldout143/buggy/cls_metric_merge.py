"""tinycls/eval/metric_merge.py (imagined repo `tinycls`).

Evaluation of a restored classifier. The per-replica correct-prediction vector is gathered so
every device holds the whole vector for the per-example report, and the report's total is
summed over `replica` with the helper the training loop uses for its per-shard counts.
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
MESH_AXES = ("replica", "shard")
D = 8
N_CLASSES = 6
PARAM_SPECS = {"w": P(None, "shard")}


def init_params(key):
    return {"w": jax.random.normal(key, (D, N_CLASSES)) * 0.2}


def place(tree, specs, mesh):
    return {k: jax.device_put(v, NamedSharding(mesh, specs[k])) for k, v in tree.items()}


def count_over(values, axis):
    return jax.lax.psum(jnp.sum(values), axis)


def predict(w, x):
    scores = x @ w
    best = jax.lax.pmax(jnp.max(scores, axis=1), "shard")
    shard = jax.lax.axis_index("shard")
    local_arg = jnp.argmax(scores, axis=1) + shard * scores.shape[1]
    return jax.lax.pmax(jnp.where(jnp.max(scores, axis=1) == best, local_arg, -1), "shard")


def make_eval(mesh, batch_axis="replica"):
    def body(w, x, labels):
        correct = (predict(w, x) == labels).astype(jnp.float32)
        report = jax.lax.all_gather(correct, batch_axis, tiled=True, to="reduced")
        total = count_over(report, batch_axis)
        return report, total

    return jax.shard_map(body, mesh=mesh,
                         in_specs=(PARAM_SPECS["w"], P(batch_axis, None), P(batch_axis)),
                         out_specs=(P(None, reduced={batch_axis}), P()))


def inputs():
    rng = np.random.default_rng(62)
    x = rng.normal(size=(16, D)).astype(np.float32)
    labels = rng.integers(0, N_CLASSES, size=(16,)).astype(np.int32)
    return x, labels, 2


def main(x, labels, steps):
    mesh = jax.make_mesh(MESH_SHAPE, MESH_AXES)
    with tempfile.TemporaryDirectory() as workdir:
        mgr = CheckpointManager(workdir, max_to_keep=2)
        with jax.set_mesh(mesh):
            xs = jax.device_put(x, NamedSharding(mesh, P("replica", None)))
            ys = jax.device_put(labels, NamedSharding(mesh, P("replica")))
            params = place(init_params(jax.random.key(2)), PARAM_SPECS, mesh)
            for step in range(steps):
                mgr.save(step, params, mesh)
            latest = mgr.latest_step()
            params = mgr.restore(latest, params, mesh)
            report, total = make_eval(mesh)(params["w"], xs, ys)
            print("correct", float(total), "of", report.shape[0])
            return params["w"]


if __name__ == "__main__":
    main(*inputs())
