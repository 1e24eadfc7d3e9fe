"""tinylm/train/resumable_loop.py (imagined repo `tinylm`).

Bigram LM trained with the output projection split over `tensor`. The cross-entropy needs the
log-partition over the whole vocabulary (psum over `tensor`); the token-weighted loss is then
reduced over the mesh axes the restored checkpoint names in its metadata.
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
MESH_AXES = ("batch", "tensor")
VOCAB = 16
DIM = 4
PARAM_SPECS = {"embed": P(None, None), "unembed": P(None, "tensor")}


def init_params(key):
    k1, k2 = jax.random.split(key)
    return {"embed": jax.random.normal(k1, (VOCAB, DIM)) * 0.3,
            "unembed": jax.random.normal(k2, (DIM, VOCAB)) * 0.3}


def place(tree, specs, mesh):
    return {k: jax.device_put(v, NamedSharding(mesh, specs[k])) for k, v in tree.items()}


def build_eval(mesh, reduce_axes):
    shard = VOCAB // mesh.shape["tensor"]

    def body(embed, unembed, tokens):
        h = embed[tokens[:, :-1]]
        logits = jnp.einsum("bld,dv->blv", h, unembed)
        log_z = jnp.log(jax.lax.psum(jnp.sum(jnp.exp(logits), axis=-1), "tensor"))
        offset = jax.lax.axis_index("tensor") * shard
        target = jax.nn.one_hot(tokens[:, 1:] - offset, shard)
        picked = jax.lax.psum(jnp.sum(logits * target, axis=-1), "tensor")
        nll = jnp.sum(log_z - picked)
        count = jnp.float32(tokens[:, 1:].size)
        total = jax.lax.psum(nll, reduce_axes)
        return total / jax.lax.psum(count, "batch")

    return jax.jit(jax.shard_map(
        body, mesh=mesh,
        in_specs=(PARAM_SPECS["embed"], PARAM_SPECS["unembed"], P("batch", None)),
        out_specs=P()))


def inputs():
    rng = np.random.default_rng(12)
    return rng.integers(0, VOCAB, size=(8, 7)).astype(np.int32), 3


def main(tokens, steps):
    mesh = jax.make_mesh(MESH_SHAPE, MESH_AXES)
    with tempfile.TemporaryDirectory() as workdir:
        mgr = CheckpointManager(workdir, max_to_keep=2)
        with jax.set_mesh(mesh):
            toks = jax.device_put(tokens, NamedSharding(mesh, P("batch", None)))
            params = place(init_params(jax.random.key(6)), PARAM_SPECS, mesh)
            for step in range(steps):
                params = jax.tree.map(lambda p: p * 0.98, params)
                mgr.save(step, params, mesh)
            latest = mgr.latest_step()
            meta = mgr.metadata(latest)
            params = mgr.restore(latest, params, mesh)
            evaluate = build_eval(mesh, tuple(meta["axis_names"]))
            loss = evaluate(params["embed"], params["unembed"], toks)
            print("eval loss at step", meta["step"], float(loss))
            return params["embed"]


if __name__ == "__main__":
    main(*inputs())
