"""tinymoe/debug/dispatch_dump.py (imagined repo `tinymoe`).

Dumps the token buffers after the all_to_all dispatch of a restored MoE layer: each device's
buffer is first collected over the data shards of its expert group, then over all the mesh
axes written in the checkpoint metadata.
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
D = 8
PARAM_SPECS = {"experts": P("expert", None, None)}


def init_params(key, n_experts=2):
    return {"experts": jax.random.normal(key, (n_experts, D, D)) / np.sqrt(D)}


def place(tree, specs, mesh):
    return {k: jax.device_put(v, NamedSharding(mesh, specs[k])) for k, v in tree.items()}


def dispatch(tokens, n_groups):
    """Split the local tokens into one slab per expert group and exchange the slabs."""
    slabs = tokens.reshape(n_groups, tokens.shape[0] // n_groups, tokens.shape[1])
    return jax.lax.all_to_all(slabs, "expert", split_axis=0, concat_axis=0, tiled=True)


def make_dump(mesh, dump_axes):
    n = mesh.shape["expert"]

    def body(experts, x):
        local = jnp.tanh(x) * (1.0 + jax.lax.axis_index("expert"))
        buf = dispatch(local, n).reshape(-1, D)
        buf = jnp.tanh(buf @ experts[0])
        group = jax.lax.all_gather(buf, "data", axis=0, tiled=True, to="reduced")
        return jax.lax.all_gather(group, dump_axes, axis=0, tiled=True, to="reduced")

    return jax.shard_map(body, mesh=mesh,
                         in_specs=(PARAM_SPECS["experts"], P("data", None)),
                         out_specs=P(None, None, reduced=set(dump_axes)))


def inputs():
    rng = np.random.default_rng(41)
    return rng.normal(size=(32, D)).astype(np.float32), 2


def main(x, steps):
    mesh = jax.make_mesh(MESH_SHAPE, MESH_AXES)
    with tempfile.TemporaryDirectory() as workdir:
        mgr = CheckpointManager(workdir, max_to_keep=2)
        with jax.set_mesh(mesh):
            xs = jax.device_put(x, NamedSharding(mesh, P("data", None)))
            params = place(init_params(jax.random.key(1)), PARAM_SPECS, mesh)
            for step in range(steps):
                mgr.save(step, params, mesh)
            latest = mgr.latest_step()
            params = mgr.restore(latest, params, mesh)
            dump = make_dump(mesh, tuple(mgr.metadata(latest)["axis_names"]))(params["experts"], xs)
            print("dispatch dump", dump.shape)
            return params["experts"]


if __name__ == "__main__":
    main(*inputs())
