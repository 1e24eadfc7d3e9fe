"""tabnet_jax/train/probe_after_restore.py (imagined repo `tabnet-jax`).

After a restart the trainer gathers the hidden activations of a probe batch on every device and
compares them with the ones logged before preemption. The gather axes are read back from the
checkpoint's metadata so the probe matches whatever mesh the job was saved on.
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
MESH_AXES = ("data", "model")
PARAM_SPECS = {"w1": P(None, "model"), "b1": P("model")}


def init_params(key, d_in=12, d_hidden=8):
    return {
        "w1": jax.random.normal(key, (d_in, d_hidden)) * 0.2,
        "b1": jnp.zeros((d_hidden,)),
    }


def place(tree, specs, mesh):
    return {k: jax.device_put(v, NamedSharding(mesh, specs[k])) for k, v in tree.items()}


def hidden(w1, b1, x):
    return jnp.tanh(x @ w1 + b1)


def build_probe(mesh, probe_axes):
    def body(w1, b1, x):
        h = hidden(w1, b1, x)
        h_cols = jax.lax.all_gather(h, "model", axis=1, tiled=True, to="reduced")
        return jax.lax.all_gather(h_cols, probe_axes, axis=0, tiled=True, to="reduced")

    return jax.shard_map(
        body, mesh=mesh,
        in_specs=(PARAM_SPECS["w1"], PARAM_SPECS["b1"], P("data", None)),
        out_specs=P(None, None, reduced=set(probe_axes)))


def sgd_step(params, x, y, lr=0.1):
    def loss(p):
        return jnp.mean((hidden(p["w1"], p["b1"], x).sum(axis=1, keepdims=True) - y) ** 2)
    grads = jax.grad(loss)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads)


def inputs():
    rng = np.random.default_rng(1)
    x = rng.normal(size=(32, 12)).astype(np.float32)
    y = np.tanh(x[:, :1]).astype(np.float32)
    return x, y, 4


def main(x, y, steps):
    mesh = jax.make_mesh(MESH_SHAPE, MESH_AXES)
    with tempfile.TemporaryDirectory() as workdir:
        mgr = CheckpointManager(workdir, max_to_keep=3, save_interval_steps=1)
        with jax.set_mesh(mesh):
            xs = jax.device_put(x, NamedSharding(mesh, P("data", None)))
            ys = jax.device_put(y, NamedSharding(mesh, P("data", None)))
            params = place(init_params(jax.random.key(3)), PARAM_SPECS, mesh)
            for step in range(steps):
                params = jax.jit(sgd_step)(params, xs, ys)
                mgr.save(step, params, mesh)
            latest = mgr.latest_step()
            meta = mgr.metadata(latest)
            params = mgr.restore(latest, params, mesh)
            probe = build_probe(mesh, tuple(meta["axis_names"]))
            seen = probe(params["w1"], params["b1"], xs)
            print("probe after restart", latest, seen.shape)
            return params["w1"]


if __name__ == "__main__":
    main(*inputs())
