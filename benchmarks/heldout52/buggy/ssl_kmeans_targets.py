"""HuBERT: k-means cluster statistics for the next iteration's targets are scattered back to shards."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

KMEANS = {"n_clusters": 16, "axes": {"data": "data", "clusters": "codebook"}}


class KMeansUpdater:
    def __init__(self, config=KMEANS):
        self.data_axis = config["axes"]["data"]
        self.cluster_axis = config["axes"]["clusters"]

    def assignments(self, feats):
        return jax.lax.all_gather(feats, self.data_axis, axis=0, tiled=True, to="reduced")

    def cluster_sums(self, feats):
        everyone = self.assignments(feats)
        return jax.lax.psum_scatter(everyone, self.data_axis, scatter_dimension=0, tiled=True)


def inputs():
    return (np.ones((8, 16), np.float32),)


def main(feats):
    updater = KMeansUpdater()
    mesh = jax.make_mesh((2, 4), (updater.data_axis, updater.cluster_axis))
    spec = P(updater.data_axis, updater.cluster_axis)
    feats = jax.device_put(feats, NamedSharding(mesh, spec))
    return jax.shard_map(updater.cluster_sums, mesh=mesh, in_specs=spec, out_specs=spec)(feats)


if __name__ == "__main__":
    main(*inputs())
