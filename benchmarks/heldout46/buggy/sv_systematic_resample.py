"""Systematic resampling of a sharded particle system, picked from a registry of resamplers."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_FILTERS, N_PARTICLES = 4, 32
RESAMPLERS = {}


def resampler(name):
    def register(cls):
        RESAMPLERS[name] = cls
        return cls
    return register


class Resampler:
    def __init__(self, particle_axis):
        self.particle_axis = particle_axis

    def normalised(self, logw):
        w = jnp.exp(logw - jax.lax.pmax(logw.max(axis=1), self.particle_axis)[:, None])
        pooled = jax.lax.all_gather(w, self.particle_axis, axis=1, tiled=True, to="reduced")
        total = jax.lax.psum(pooled.sum(axis=1), self.particle_axis)
        return w / total[:, None]


@resampler("systematic")
class SystematicResampler(Resampler):
    def __call__(self, x, logw, u0):
        w = self.normalised(logw)
        offset = jnp.cumsum(w, axis=1)
        grid = (jnp.arange(x.shape[1]) + u0) / x.shape[1]
        idx = jnp.sum(offset[:, None, :] < grid[None, :, None], axis=-1)
        return jnp.take_along_axis(x, jnp.minimum(idx, x.shape[1] - 1), axis=1)


def inputs():
    rng = np.random.default_rng(52)
    x = rng.normal(-1.0, 0.5, (N_FILTERS, N_PARTICLES)).astype(np.float32)
    logw = rng.normal(0.0, 1.0, (N_FILTERS, N_PARTICLES)).astype(np.float32)
    return x, logw, np.float32(0.37)


def main(x, logw, u0):
    mesh = jax.make_mesh((2, 4), ("filter", "particle"))
    spec = P("filter", "particle")
    x = jax.device_put(x, NamedSharding(mesh, spec))
    logw = jax.device_put(logw, NamedSharding(mesh, spec))
    u0 = jax.device_put(u0, NamedSharding(mesh, P()))
    body = RESAMPLERS["systematic"]("particle")
    resampled = jax.shard_map(body, mesh=mesh, in_specs=(spec, spec, P()), out_specs=spec)(x, logw, u0)
    return resampled


if __name__ == "__main__":
    main(*inputs())
