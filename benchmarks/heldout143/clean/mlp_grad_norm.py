"""tabnet_jax/train/resume_gradnorm.py (imagined repo `tabnet-jax`).

Data-parallel x tensor-parallel MLP regression with checkpoint/restart. After a restart the
trainer logs a table of gradient norms, one entry per data shard, on the axis the checkpoint
metadata lists first.
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
PARAM_SPECS = {"w1": P(None, "model"), "w2": P("model", None)}


def init_params(key, d_in=16, d_hidden=8):
    k1, k2 = jax.random.split(key)
    return {
        "w1": jax.random.normal(k1, (d_in, d_hidden)) * 0.1,
        "w2": jax.random.normal(k2, (d_hidden, 1)) * 0.1,
    }


def place(tree, specs, mesh):
    return {k: jax.device_put(v, NamedSharding(mesh, specs[k])) for k, v in tree.items()}


def build_step(mesh, log_axis, lr=0.05):
    def loss_fn(w1, w2, x, y):
        h = jnp.tanh(x @ w1)
        pred = jax.lax.psum(h @ w2, "model")
        return jnp.mean((pred - y) ** 2)

    def body(w1, w2, x, y):
        loss, (g1, g2) = jax.value_and_grad(loss_fn, argnums=(0, 1))(w1, w2, x, y)
        g1 = jax.lax.pmean(g1, "data")
        g2 = jax.lax.pmean(g2, "data")
        loss = jax.lax.pmean(loss, "data")
        gnorm = jnp.sum(g1 * g1) + jnp.sum(g2 * g2)
        table = jax.lax.all_gather(gnorm, log_axis, to="reduced")
        return w1 - lr * g1, w2 - lr * g2, loss, table

    return jax.jit(jax.shard_map(
        body, mesh=mesh,
        in_specs=(PARAM_SPECS["w1"], PARAM_SPECS["w2"], P("data", None), P("data", None)),
        out_specs=(PARAM_SPECS["w1"], PARAM_SPECS["w2"], P(), P(reduced={log_axis}))))


def train(mgr, mesh, params, x, y, start, stop, log_axis):
    step_fn = build_step(mesh, log_axis)
    history = []
    for step in range(start, stop):
        w1, w2, loss, table = step_fn(params["w1"], params["w2"], x, y)
        params = {"w1": w1, "w2": w2}
        history.append(float(loss))
        mgr.save(step + 1, params, mesh)
    return params, history


def inputs():
    rng = np.random.default_rng(0)
    x = rng.normal(size=(64, 16)).astype(np.float32)
    y = (x[:, :1] * 0.5 - x[:, 1:2]).astype(np.float32)
    return x, y, 6


def main(x, y, steps):
    mesh = jax.make_mesh(MESH_SHAPE, MESH_AXES)
    with tempfile.TemporaryDirectory() as workdir:
        mgr = CheckpointManager(os.path.join(workdir, "ckpt"), max_to_keep=2, save_interval_steps=2)
        with jax.set_mesh(mesh):
            xs = jax.device_put(x, NamedSharding(mesh, P("data", None)))
            ys = jax.device_put(y, NamedSharding(mesh, P("data", None)))
            params = place(init_params(jax.random.key(0)), PARAM_SPECS, mesh)
            mgr.save(0, params, mesh, force=True)
            latest = mgr.latest_step()
            meta = mgr.metadata(latest)
            restored = mgr.restore(latest, params, mesh)
            log_axis = meta["axis_names"][1]
            params, history = train(mgr, mesh, restored, xs, ys, latest, steps, log_axis)
            print("resumed at", latest, "losses", history, "kept", mgr.all_steps())
            return params["w1"]


if __name__ == "__main__":
    main(*inputs())
