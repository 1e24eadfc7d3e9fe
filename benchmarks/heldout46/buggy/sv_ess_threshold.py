"""Effective sample size of each filter from its pooled normalised weights."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_FILTERS, N_PARTICLES = 4, 32


class WeightDiagnostics:
    def __init__(self, filter_axis="filter", particle_axis="particle", threshold=0.5):
        self.filter_axis, self.particle_axis = filter_axis, particle_axis
        self.threshold = threshold

    def normalised(self, logw):
        m = jax.lax.pmax(logw.max(axis=1), self.particle_axis)
        w = jnp.exp(logw - m[:, None])
        w = w / jax.lax.psum(w.sum(axis=1), self.particle_axis)[:, None]
        return jax.lax.all_gather(w, self.particle_axis, axis=1, tiled=True, to="reduced")

    def ess(self, logw):
        w = self.normalised(logw)
        return 1.0 / jnp.sum(w * w, axis=1)


def inputs():
    rng = np.random.default_rng(55)
    return (rng.normal(0.0, 1.5, (N_FILTERS, N_PARTICLES)).astype(np.float32),)


def main(logw):
    mesh = jax.make_mesh((2, 4), ("filter", "particle"))
    logw = jax.device_put(logw, NamedSharding(mesh, P("filter", "particle")))
    diag = WeightDiagnostics()
    ess = jax.shard_map(diag.ess, mesh=mesh, in_specs=P("filter", "particle"),
                        out_specs=P("filter"))(logw)
    return ess


if __name__ == "__main__":
    main(*inputs())
