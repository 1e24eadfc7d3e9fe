"""tinymoe/train/resume_load.py (imagined repo `tinymoe`).

Top-1 mixture-of-experts layer on a (`expert`, `data`) mesh. The router's per-expert load is
counted over the whole mesh after a restart and kept as a table for the load-balance dashboard,
gathered over the axis the restored router kernel was saved split on.
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
MESH_AXES = ("expert", "data")
N_EXPERTS = 4
D = 8
PARAM_SPECS = {"router": P(None, "expert"), "experts": P("expert", None, None)}


def init_params(key):
    k1, k2 = jax.random.split(key)
    return {"router": jax.random.normal(k1, (D, N_EXPERTS)) * 0.5,
            "experts": jax.random.normal(k2, (N_EXPERTS, D, D)) / np.sqrt(D)}


def place(tree, specs, mesh):
    return {k: jax.device_put(v, NamedSharding(mesh, specs[k])) for k, v in tree.items()}


def make_load_counter(mesh, table_axis):
    per_shard = N_EXPERTS // mesh.shape["expert"]

    def body(router, x):
        local_logits = x @ router
        best_local = jnp.max(local_logits, axis=-1)
        best = jax.lax.pmax(best_local, "expert")
        mine = (local_logits == best[:, None]).astype(jnp.float32)
        load = jax.lax.psum(jnp.sum(mine, axis=0), "data")
        return jax.lax.all_gather(load, table_axis, tiled=True, to="reduced")

    return jax.shard_map(body, mesh=mesh,
                         in_specs=(PARAM_SPECS["router"], P("data", None)),
                         out_specs=P(None, reduced={table_axis}))


def inputs():
    rng = np.random.default_rng(40)
    return rng.normal(size=(32, D)).astype(np.float32), 3


def main(x, steps):
    mesh = jax.make_mesh(MESH_SHAPE, MESH_AXES)
    with tempfile.TemporaryDirectory() as workdir:
        mgr = CheckpointManager(workdir, max_to_keep=2)
        with jax.set_mesh(mesh):
            xs = jax.device_put(x, NamedSharding(mesh, P("data", None)))
            params = place(init_params(jax.random.key(0)), PARAM_SPECS, mesh)
            for step in range(steps):
                params = jax.tree.map(lambda p: p * 0.99, params)
                mgr.save(step, params, mesh)
            latest = mgr.latest_step()
            meta = mgr.metadata(latest)
            params = mgr.restore(latest, params, mesh)
            router_entries = meta["specs"][meta["keys"].index("['router']")]
            counter = make_load_counter(mesh, router_entries[1])
            table = counter(params["router"], xs)
            print("expert load", table.shape)
            return params["router"]


if __name__ == "__main__":
    main(*inputs())
