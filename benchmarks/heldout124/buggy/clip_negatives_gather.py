"""launchers/contrastive/negatives.py: global negatives for the text tower.

Text embeddings are first made whole along the embedding dimension (to="reduced"), then
the negatives pool is gathered over the axes listed in the JSON flags file.
"""
import json
import os
import tempfile

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DEFAULT_FLAGS = {"negatives_axes": ["data", "embed"], "dim": 8, "batch": 8, "embed_shards": 4}


def load_flags(path):
    flags = dict(DEFAULT_FLAGS)
    if path and os.path.exists(path):
        with open(path) as f:
            flags.update(json.load(f))
    return flags


def write_default_flags():
    fd, path = tempfile.mkstemp(suffix=".json")
    with os.fdopen(fd, "w") as f:
        json.dump({"batch": 8}, f)
    return path


def text_tower(tokens, w):
    return jnp.tanh(tokens @ w)


def negatives_pool(mesh, flags):
    pool_axes = tuple(flags["negatives_axes"])

    def body(tokens, w):
        emb = text_tower(tokens, w)
        emb = jax.lax.all_gather(emb, "embed", axis=1, tiled=True, to="reduced")
        pool = jax.lax.all_gather(emb, pool_axes, axis=0, tiled=True, to="reduced")
        return pool

    return jax.jit(jax.shard_map(body, mesh=mesh,
                                 in_specs=(P("data", None), P(None, "embed")),
                                 out_specs=P(None, None, reduced=set(pool_axes))))


def main(flags_path):
    flags = load_flags(flags_path or write_default_flags())
    shards = flags["embed_shards"]
    mesh = jax.make_mesh((jax.device_count() // shards, shards), ("data", "embed"))
    rng = np.random.default_rng(1)
    tokens = jax.make_array_from_process_local_data(
        NamedSharding(mesh, P("data", None)),
        rng.standard_normal((flags["batch"], 6)).astype(np.float32))
    w = jax.device_put(rng.standard_normal((6, flags["dim"])).astype(np.float32),
                       NamedSharding(mesh, P(None, "embed")))
    with jax.set_mesh(mesh):
        pool = negatives_pool(mesh, flags)(tokens, w)
    if jax.process_index() == 0:
        print("negatives", pool.shape)
    return pool


def pool_summary(pool):
    if jax.process_index() != 0:
        return None
    arr = np.asarray(pool)
    norms = np.linalg.norm(arr, axis=-1)
    return {"count": arr.shape[0], "mean_norm": float(norms.mean())}


def inputs():
    return (os.environ.get("NEG_FLAGS"),)


if __name__ == "__main__":
    main(*inputs())
