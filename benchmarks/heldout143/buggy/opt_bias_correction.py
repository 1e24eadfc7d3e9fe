"""zero_lite/eval/effective_update.py (imagined repo `zero-lite`).

Reports the bias-corrected Adam update of a restored checkpoint. The moments are gathered
whole over `fsdp` and corrected with the step count stored in the checkpoint metadata, so the
report matches what the next training step would apply.
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
STATE_SPECS = {"w": P("fsdp"), "mu": P("fsdp"), "nu": P("fsdp")}
BETAS = (0.9, 0.99)
D = 16


def init_state(key):
    w = jax.random.normal(key, (D,))
    return {"w": w, "mu": 0.1 * w, "nu": 0.01 * w * w}


def place(tree, specs, mesh):
    return {k: jax.device_put(v, NamedSharding(mesh, specs[k])) for k, v in tree.items()}


def make_report(mesh, step):
    b1, b2 = BETAS
    c1 = 1.0 - b1 ** (step + 1)
    c2 = 1.0 - b2 ** (step + 1)

    def body(mu, nu):
        mu_all = jax.lax.all_gather(mu, "fsdp", tiled=True, to="reduced")
        nu_all = jax.lax.all_gather(nu, "fsdp", tiled=True, to="reduced")
        mu_hat = mu_all / c1
        nu_hat = nu_all / c2
        return mu_hat / (jnp.sqrt(nu_hat) + 1e-8)

    return jax.shard_map(body, mesh=mesh,
                         in_specs=(STATE_SPECS["mu"], STATE_SPECS["nu"]),
                         out_specs=P(None, reduced={"fsdp"}))


def adam_like(state, b1=0.9, b2=0.99):
    g = state["w"] * 0.1
    return {"w": state["w"] - 0.01 * g,
            "mu": b1 * state["mu"] + (1 - b1) * g,
            "nu": b2 * state["nu"] + (1 - b2) * g * g}


def inputs():
    return 5, 4


def main(steps, seed):
    mesh = jax.make_mesh(MESH_SHAPE, MESH_AXES)
    with tempfile.TemporaryDirectory() as workdir:
        mgr = CheckpointManager(workdir, max_to_keep=2, save_interval_steps=2)
        with jax.set_mesh(mesh):
            state = place(init_state(jax.random.key(seed)), STATE_SPECS, mesh)
            for step in range(steps):
                state = jax.jit(adam_like)(state)
                mgr.save(step, state, mesh)
            latest = mgr.latest_step()
            state = mgr.restore(latest, state, mesh)
            report = make_report(mesh, mgr.metadata(latest)["step"])
            upd = report(state["mu"], state["nu"])
            print("effective update at", latest, upd.shape)
            return state["w"]


if __name__ == "__main__":
    main(*inputs())
