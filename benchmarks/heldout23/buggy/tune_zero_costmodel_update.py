"""One SGD step of the linear cost model; gradient shards kept ZeRO-style over all devices."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH_AXES = ("cand", "feat")
LEARNING_RATE = 1e-2


def grad_shard(features, latency, weights):
    cand, feat = MESH_AXES
    pred = jax.lax.psum(features @ weights, feat)
    err = pred - latency
    grad = jax.lax.psum(features.T @ err, cand) / features.shape[0]
    return jax.lax.psum_scatter(grad, MESH_AXES, scatter_dimension=0, tiled=True)


def inputs():
    rng = np.random.default_rng(34)
    feats = rng.uniform(size=(32, 64)).astype(np.float32)
    latency = rng.uniform(1, 3, size=(32,)).astype(np.float32)
    w = np.zeros((64,), np.float32)
    return feats, latency, w


def main(feats, latency, w):
    mesh = jax.make_mesh((4, 2), MESH_AXES)
    feats = jax.device_put(feats, NamedSharding(mesh, P(*MESH_AXES)))
    latency = jax.device_put(latency, NamedSharding(mesh, P("cand")))
    w = jax.device_put(w, NamedSharding(mesh, P("feat")))
    g = jax.shard_map(grad_shard, mesh=mesh, in_specs=(P(*MESH_AXES), P("cand"), P("feat")),
                      out_specs=P(MESH_AXES))(feats, latency, w)
    return -LEARNING_RATE * g


if __name__ == "__main__":
    print(main(*inputs()).shape)
