"""PointNet evaluation: a point-cloud batch placed by a dict comprehension, gathered for metrics."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

BATCH_SPECS = {"points": P("clouds", None, None), "labels": P("clouds")}
GATHER_SPECS = {"points": P(None, None, None), "labels": P(None)}


def load_batch(n=16, n_pts=32):
    rng = np.random.default_rng(3)
    return {"points": rng.normal(size=(n, n_pts, 3)).astype(np.float32),
            "labels": rng.integers(0, 10, size=(n,)).astype(np.int32)}


def gather_field(batch, key):
    return top_level_all_gather(batch[key], GATHER_SPECS[key])


def inputs():
    return (jax.make_mesh((8,), ("clouds",)),)


def main(mesh):
    host = load_batch()
    batch = {k: jax.device_put(v, NamedSharding(mesh, BATCH_SPECS[k])) for k, v in host.items()}
    with jax.set_mesh(mesh):
        labels = gather_field(batch, "labels")
        points = gather_field(batch, "points")
    return labels, points
