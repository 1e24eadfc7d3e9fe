"""tabnet_jax/train/ema_snapshot.py (imagined repo `tabnet-jax`).

Keeps an exponential moving average of the first-layer kernel next to the params. Both live in
the checkpoint; after a restart the EMA update gathers the kernel columns of every model shard
so that the averaged kernel can be handed whole to the evaluation job.
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
PARAM_SPECS = {"w1": P(None, "model"), "ema_w1": P(None, "model")}
EMA_DECAY = 0.99


def init_state(key, d_in=8, d_hidden=8):
    w1 = jax.random.normal(key, (d_in, d_hidden)) * 0.3
    return {"w1": w1, "ema_w1": w1}


def place(tree, specs, mesh):
    return {k: jax.device_put(v, NamedSharding(mesh, specs[k])) for k, v in tree.items()}


def build_ema_update(mesh, kernel_axis):
    def body(w1, ema_w1):
        cols = jax.lax.all_gather(w1, kernel_axis, axis=1, tiled=True, to="invarying")
        ema_cols = jax.lax.all_gather(ema_w1, kernel_axis, axis=1, tiled=True, to="invarying")
        return EMA_DECAY * ema_cols + (1.0 - EMA_DECAY) * cols

    return jax.shard_map(body, mesh=mesh,
                         in_specs=(PARAM_SPECS["w1"], PARAM_SPECS["ema_w1"]),
                         out_specs=P(None, None))


def train_step(state, x, lr=0.1):
    def loss(w1):
        return jnp.mean(jnp.tanh(x @ w1) ** 2)
    g = jax.grad(loss)(state["w1"])
    return {"w1": state["w1"] - lr * g, "ema_w1": state["ema_w1"]}


def inputs():
    rng = np.random.default_rng(6)
    return rng.normal(size=(16, 8)).astype(np.float32), 4


def main(x, steps):
    mesh = jax.make_mesh(MESH_SHAPE, MESH_AXES)
    with tempfile.TemporaryDirectory() as workdir:
        mgr = CheckpointManager(workdir, max_to_keep=2, save_interval_steps=2)
        with jax.set_mesh(mesh):
            xs = jax.device_put(x, NamedSharding(mesh, P("data", None)))
            state = place(init_state(jax.random.key(2)), PARAM_SPECS, mesh)
            for step in range(steps):
                state = jax.jit(train_step)(state, xs)
                mgr.save(step, state, mesh)
            latest = mgr.latest_step()
            state = mgr.restore(latest, state, mesh)
            kernel_axis = mgr.metadata(latest)["specs"][0][1]
            ema_full = build_ema_update(mesh, kernel_axis)(state["w1"], state["ema_w1"])
            print("ema kernel for eval", ema_full.shape, "from step", latest)
            return state["w1"]


if __name__ == "__main__":
    main(*inputs())
