"""zero_lite/train/clipped_resume.py (imagined repo `zero-lite`).

Resumed ZeRO step with global-norm gradient clipping: the squared norm of each fsdp shard of
the gradient is summed over `fsdp`, so every shard clips with the same global norm.
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
MESH_AXES = ("dp", "fsdp")
STATE_SPECS = {"w": P("fsdp"), "mu": P("fsdp")}
D = 16
MAX_NORM = 1.0


def init_state(key):
    w = jax.random.normal(key, (D,))
    return {"w": w, "mu": jnp.zeros_like(w)}


def place(tree, specs, mesh):
    return {k: jax.device_put(v, NamedSharding(mesh, specs[k])) for k, v in tree.items()}


def global_norm(g, axis):
    return jnp.sqrt(jax.lax.psum(jnp.sum(g * g), axis))


def make_step(mesh, shard_axis, lr=0.1, beta=0.9):
    def body(w, mu, x, y):
        def loss_fn(w):
            return jnp.mean((jax.lax.psum(x @ w, shard_axis) - y) ** 2)
        g = jax.lax.pmean(jax.grad(loss_fn)(w), "dp")
        norm = global_norm(g, shard_axis)
        g = g * jnp.minimum(1.0, MAX_NORM / (norm + 1e-6))
        mu = beta * mu + g
        return w - lr * mu, mu

    return jax.jit(jax.shard_map(
        body, mesh=mesh,
        in_specs=(STATE_SPECS["w"], STATE_SPECS["mu"], P("dp", "fsdp"), P("dp")),
        out_specs=(STATE_SPECS["w"], STATE_SPECS["mu"])))


def inputs():
    rng = np.random.default_rng(22)
    x = rng.normal(size=(32, D)).astype(np.float32)
    y = (3.0 * x[:, 0]).astype(np.float32)
    return x, y, 6


def main(x, y, steps):
    mesh = jax.make_mesh(MESH_SHAPE, MESH_AXES)
    with tempfile.TemporaryDirectory() as workdir:
        mgr = CheckpointManager(workdir, max_to_keep=2, save_interval_steps=3)
        with jax.set_mesh(mesh):
            xs = jax.device_put(x, NamedSharding(mesh, P("dp", "fsdp")))
            ys = jax.device_put(y, NamedSharding(mesh, P("dp")))
            state = place(init_state(jax.random.key(2)), STATE_SPECS, mesh)
            mgr.save(0, state, mesh)
            start = mgr.latest_step()
            state = mgr.restore(start, state, mesh)
            shard_axis = mgr.metadata(start)["specs"][0][0]
            step_fn = make_step(mesh, shard_axis)
            for step in range(start + 1, steps):
                w, mu = step_fn(state["w"], state["mu"], xs, ys)
                state = {"w": w, "mu": mu}
                mgr.save(step, state, mesh)
            print("resumed from", start, "kept", mgr.all_steps())
            return state["w"]


if __name__ == "__main__":
    main(*inputs())
