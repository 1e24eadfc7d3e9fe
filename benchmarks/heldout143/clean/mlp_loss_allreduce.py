"""tabnet_jax/train/resume_loop.py (imagined repo `tabnet-jax`).

The resumable training loop: params and the step counter come back from the newest checkpoint,
and the per-step loss is averaged over the mesh axes recorded in the checkpoint metadata so the
logged number does not depend on the layout the job restarted with.
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


def make_train_step(mesh, loss_axes, lr=0.05):
    def forward(w1, w2, x):
        return jax.lax.psum(jnp.tanh(x @ w1) @ w2, "model")

    def body(w1, w2, x, y):
        def loss_fn(w1, w2):
            return jnp.mean((forward(w1, w2, x) - y) ** 2)
        local, (g1, g2) = jax.value_and_grad(loss_fn, argnums=(0, 1))(w1, w2)
        g1 = jax.lax.pmean(g1, "data")
        g2 = jax.lax.pmean(g2, "data")
        loss = jax.lax.pmean(local, loss_axes)
        return w1 - lr * g1, w2 - lr * g2, loss

    return jax.jit(jax.shard_map(
        body, mesh=mesh,
        in_specs=(PARAM_SPECS["w1"], PARAM_SPECS["w2"], P("data", None), P("data", None)),
        out_specs=(PARAM_SPECS["w1"], PARAM_SPECS["w2"], P())))


def run(mgr, mesh, params, x, y, total_steps):
    start = mgr.latest_step()
    if start is not None:
        loss_axes = tuple(a for a in mgr.metadata(start)["axis_names"] if a != "model")
        params = mgr.restore(start, params, mesh)
    else:
        start, loss_axes = 0, ("data",)
    step_fn = make_train_step(mesh, loss_axes)
    losses = []
    for step in range(start, total_steps):
        w1, w2, loss = step_fn(params["w1"], params["w2"], x, y)
        params = {"w1": w1, "w2": w2}
        losses.append(float(loss))
        if step == 2:
            mgr.preempted = True
        if mgr.save(step + 1, params, mesh):
            mgr.preempted = False
    return params, losses


def inputs():
    rng = np.random.default_rng(4)
    x = rng.normal(size=(64, 16)).astype(np.float32)
    y = (x[:, :1] - x[:, 3:4]).astype(np.float32)
    return x, y, 6


def main(x, y, total_steps):
    mesh = jax.make_mesh(MESH_SHAPE, MESH_AXES)
    with tempfile.TemporaryDirectory() as workdir:
        mgr = CheckpointManager(workdir, max_to_keep=2, save_interval_steps=4)
        with jax.set_mesh(mesh):
            xs = jax.device_put(x, NamedSharding(mesh, P("data", None)))
            ys = jax.device_put(y, NamedSharding(mesh, P("data", None)))
            params = place(init_params(jax.random.key(11)), PARAM_SPECS, mesh)
            params, first = run(mgr, mesh, params, xs, ys, 3)
            params, second = run(mgr, mesh, params, xs, ys, total_steps)
            print("losses", first, second)
            return params["w1"]


if __name__ == "__main__":
    main(*inputs())
