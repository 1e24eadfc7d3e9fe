"""launchers/contrastive/eval_recall.py: retrieval recall@k on the eval shards.

Scores are summed over the embed shards, hits counted per query shard, then the hits
are summed over every mesh axis for the single logged count.
"""
import os
import time

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P


def create_mesh():
    dims = [int(os.environ.get("DATA_PARALLELISM", "2"))]
    dims.append(jax.device_count() // dims[0])
    devs = np.asarray(jax.devices()).reshape(dims)
    return Mesh(devs, ("data", "embed"), axis_types=(jax.sharding.AxisType.Explicit,) * 2)


def recall_hits(q, d, k):
    scores = jax.lax.psum(q @ d.T, "embed")
    top = jax.lax.top_k(scores, k)[1]
    target = jnp.arange(q.shape[0])[:, None]
    return jnp.sum(jnp.any(top == target, axis=-1).astype(jnp.float32))


def make_eval(mesh, k):
    axes = tuple(mesh.axis_names)

    def body(q, d):
        hits = recall_hits(q, d, k)
        total = jax.lax.psum(hits, axes)
        return total

    return jax.jit(jax.shard_map(body, mesh=mesh,
                                 in_specs=(P("data", "embed"), P("data", "embed")),
                                 out_specs=P()))


def eval_batch(mesh, seed):
    rng = np.random.default_rng(seed)
    d = rng.standard_normal((8, 8)).astype(np.float32)
    q = d + 0.1 * rng.standard_normal((8, 8)).astype(np.float32)
    sh = NamedSharding(mesh, P("data", "embed"))
    return (jax.make_array_from_process_local_data(sh, q),
            jax.make_array_from_process_local_data(sh, d))


def main(k):
    mesh = create_mesh()
    q, d = eval_batch(mesh, 0)
    start = time.perf_counter()
    with jax.set_mesh(mesh):
        hits = make_eval(mesh, k)(q, d)
    if jax.process_index() == 0:
        print(f"recall@{k}: {float(hits) / 8:.3f} ({time.perf_counter() - start:.2f}s)")
    return hits


class RecallLog:
    def __init__(self, k):
        self.k = k
        self.values = []

    def add(self, hits, queries):
        if jax.process_index() == 0:
            self.values.append(float(hits) / queries)

    def best(self):
        return max(self.values, default=0.0)

    def __repr__(self):
        return f"RecallLog(k={self.k}, n={len(self.values)})"


def inputs():
    return (int(os.environ.get("RECALL_K", "2")),)


if __name__ == "__main__":
    main(*inputs())
