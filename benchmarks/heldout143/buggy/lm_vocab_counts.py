"""tinylm/train/vocab_counts.py (imagined repo `tinylm`).

Bigram language model with the embedding table split over the vocabulary (`tensor`) and the
token batch split over `batch`. Token frequencies per vocabulary shard are accumulated across
restarts (they live in the checkpoint) and, after a resume, logged as one table.
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
STATE_SPECS = {"embed": P("tensor", None), "counts": P("tensor")}


def init_state(key, dim=4):
    return {"embed": jax.random.normal(key, (VOCAB, dim)) * 0.1,
            "counts": jnp.zeros((VOCAB,), jnp.float32)}


def place(tree, specs, mesh):
    return {k: jax.device_put(v, NamedSharding(mesh, specs[k])) for k, v in tree.items()}


def shard_counts(tokens, shard_size):
    offset = jax.lax.axis_index("tensor") * shard_size
    ids = tokens.reshape(-1) - offset
    hits = (ids[:, None] == jnp.arange(shard_size)[None, :]).astype(jnp.float32)
    return jnp.sum(hits, axis=0)


def make_count_step(mesh, table_axis):
    shard_size = VOCAB // mesh.shape["tensor"]

    def body(counts, tokens):
        batch_counts = jax.lax.psum(shard_counts(tokens, shard_size), "batch")
        counts = counts + batch_counts
        table = jax.lax.all_gather(counts, table_axis, tiled=True, to="reduced")
        return counts, table

    return jax.jit(jax.shard_map(
        body, mesh=mesh,
        in_specs=(STATE_SPECS["counts"], P("batch", None)),
        out_specs=(STATE_SPECS["counts"], P(None, reduced={table_axis}))))


def synthetic_batches(rng, n, batch=8, length=6):
    for _ in range(n):
        yield rng.integers(0, VOCAB, size=(batch, length)).astype(np.int32)


def inputs():
    return np.random.default_rng(8), 5


def main(rng, steps):
    mesh = jax.make_mesh(MESH_SHAPE, MESH_AXES)
    with tempfile.TemporaryDirectory() as workdir:
        mgr = CheckpointManager(workdir, max_to_keep=2, save_interval_steps=1)
        with jax.set_mesh(mesh):
            state = place(init_state(jax.random.key(0)), STATE_SPECS, mesh)
            mgr.save(0, state, mesh)
            latest = mgr.latest_step()
            state = mgr.restore(latest, state, mesh)
            table_axis = mgr.metadata(latest)["axis_names"][0]
            step_fn = make_count_step(mesh, table_axis)
            for step, toks in enumerate(synthetic_batches(rng, steps), start=latest + 1):
                toks = jax.device_put(toks, NamedSharding(mesh, P("batch", None)))
                counts, table = step_fn(state["counts"], toks)
                state = {"embed": state["embed"], "counts": counts}
                mgr.save(step, state, mesh)
            print("token table", table.shape, "steps kept", mgr.all_steps())
            return state["counts"]


if __name__ == "__main__":
    main(*inputs())
