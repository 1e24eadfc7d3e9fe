"""ringpipe/eval/collect_outputs.py (imagined repo `ringpipe`).

Evaluation of a restored ring pipeline: each stage computes its activation energy on its own
data shard (summed over `data`), then gathers its whole output batch over `data` for the
writer; the gathered batch is returned as it is, reduced over `data`.
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

MESH_SHAPE = (2, 4)
MESH_AXES = ("stage", "data")
PARAM_SPECS = {"w": P("stage", None, None), "b": P("stage", None)}
D = 8


def init_params(key, n_stages=2):
    return {"w": jax.random.normal(key, (n_stages, D, D)) / np.sqrt(D),
            "b": jnp.zeros((n_stages, D))}


def place(tree, specs, mesh):
    return {k: jax.device_put(v, NamedSharding(mesh, specs[k])) for k, v in tree.items()}


def ring(n):
    return [(i, (i + 1) % n) for i in range(n)]


class Collector:
    def __init__(self, mesh, batch_axis="data"):
        self.mesh = mesh
        self.batch_axis = batch_axis
        self.n = mesh.shape["stage"]

    def body(self, w, b, x):
        h = jnp.tanh(x @ w[0] + b[0])
        h = jax.lax.ppermute(h, "stage", perm=ring(self.n))
        energy = jax.lax.psum(jnp.sum(h * h), self.batch_axis)
        centred = h - jax.lax.pmean(jnp.mean(h, axis=0, keepdims=True), self.batch_axis)
        full = jax.lax.all_gather(centred, self.batch_axis, axis=0, tiled=True, to="reduced")
        return energy[None], full

    def __call__(self, params, x):
        fn = jax.shard_map(self.body, mesh=self.mesh,
                           in_specs=(PARAM_SPECS["w"], PARAM_SPECS["b"], P(self.batch_axis, None)),
                           out_specs=(P("stage"), P("stage", None, reduced={self.batch_axis})))
        return fn(params["w"], params["b"], x)


def inputs():
    rng = np.random.default_rng(73)
    return rng.normal(size=(16, D)).astype(np.float32), 3


def main(x, steps):
    mesh = jax.make_mesh(MESH_SHAPE, MESH_AXES)
    with tempfile.TemporaryDirectory() as workdir:
        mgr = CheckpointManager(workdir, max_to_keep=2)
        with jax.set_mesh(mesh):
            xs = jax.device_put(x, NamedSharding(mesh, P("data", None)))
            params = place(init_params(jax.random.key(2)), PARAM_SPECS, mesh)
            for step in range(steps):
                params = jax.tree.map(lambda p: p * 0.99, params)
                mgr.save(step, params, mesh)
            latest = mgr.latest_step()
            params = mgr.restore(latest, params, mesh)
            energy, full = Collector(mesh)(params, xs)
            print("energy", np.asarray(energy), "outputs", full.shape)
            return energy


if __name__ == "__main__":
    main(*inputs())
