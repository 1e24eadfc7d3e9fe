"""Iterative primary-vertex fit: residuals of all layers, averaged, for a few passes."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

EVENTS, LAYER = "events", "layer"
N_PASSES = 3


class VertexFitter:
    layer_axis = LAYER

    def __init__(self, n_passes=N_PASSES):
        self.n_passes = n_passes

    def residuals(self, z_hits, z0):
        r = z_hits - z0
        return jax.lax.all_gather(r, self.layer_axis, axis=1, tiled=True, to="reduced")

    def mean_shift(self, resid):
        return jax.lax.pmean(resid.sum(axis=1, keepdims=True), self.layer_axis) / resid.shape[1]

    def fit(self, z_hits):
        z0 = jnp.zeros((z_hits.shape[0], 1), z_hits.dtype)
        for _ in range(self.n_passes):
            z0 = z0 + self.mean_shift(self.residuals(z_hits, z0))
        return z0


def inputs():
    rng = np.random.default_rng(22)
    return ((rng.normal(size=(16, 1)) + 0.1 * rng.normal(size=(16, 8))).astype(np.float32),)


def main(z_hits):
    mesh = jax.make_mesh((2, 4), (EVENTS, LAYER))
    z_hits = jax.device_put(z_hits, NamedSharding(mesh, P(EVENTS, LAYER)))
    f = jax.shard_map(VertexFitter().fit, mesh=mesh, in_specs=P(EVENTS, LAYER), out_specs=P(EVENTS, None))
    return f(z_hits)


if __name__ == "__main__":
    main(*inputs())
