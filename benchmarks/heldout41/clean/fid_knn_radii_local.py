"""Improved precision/recall: k-NN radii of real features, computed on rows gathered by feature."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class ManifoldEstimator:
    def __init__(self, k=3, feature_axis="feat"):
        self.k = k
        self.feature_axis = feature_axis

    def sq_norms(self, feats):
        return jax.lax.psum(jnp.sum(feats * feats, axis=1), self.feature_axis)

    def radii(self, feats):
        d2 = self.sq_norms(feats)
        return jnp.sqrt(jnp.maximum(d2, 1e-12)) / self.k


def inputs():
    rng = np.random.default_rng(32)
    return (rng.standard_normal((16, 8)).astype(np.float32),)


def main(feats):
    mesh = jax.make_mesh((2, 4), ("data", "feat"))
    feats = jax.device_put(feats, NamedSharding(mesh, P("data", "feat")))
    est = ManifoldEstimator()
    return jax.shard_map(est.radii, mesh=mesh, in_specs=P("data", "feat"), out_specs=P("data"))(feats)


if __name__ == "__main__":
    main(*inputs())
