"""ATSS label assignment: an adaptive IoU threshold (mean + std of candidate IoUs) per image."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class ATSSAssigner:
    def __init__(self, topk=9, spatial_axis="spatial"):
        self.topk = topk
        self.spatial_axis = spatial_axis

    def _moments(self, ious):
        n = jax.lax.psum(jnp.float32(ious.shape[1]), self.spatial_axis)
        s = jax.lax.psum(ious.sum(axis=1), self.spatial_axis)
        s2 = jax.lax.psum((ious * ious).sum(axis=1), self.spatial_axis)
        mean = s / n
        return mean, jnp.sqrt(jnp.maximum(s2 / n - mean * mean, 0.0))

    def thresholds(self, ious):
        mean, std = self._moments(ious)
        thr = mean + std
        return jax.lax.all_gather(thr, self.spatial_axis, axis=0, tiled=True, to="invarying")

    def assign(self, ious):
        return self.thresholds(ious)


def inputs():
    rng = np.random.default_rng(13)
    return (rng.uniform(size=(8, 32, 3)).astype(np.float32),)


def main(ious):
    mesh = jax.make_mesh((4, 2), ("batch", "spatial"))
    spec = P("batch", "spatial", None)
    ious = jax.device_put(ious, NamedSharding(mesh, spec))
    assigner = ATSSAssigner()
    return jax.shard_map(assigner.assign, mesh=mesh, in_specs=spec,
                         out_specs=P("batch", None))(ious)


if __name__ == "__main__":
    main(*inputs())
