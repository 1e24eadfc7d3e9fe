"""Planar normalizing flow applied to base samples pooled over the particle shards."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_PARTICLES, DIM = 16, 4


class PlanarLayer:
    def __init__(self, particle_axis):
        self.particle_axis = particle_axis

    def pooled(self, z):
        return jax.lax.all_gather(z, self.particle_axis, axis=0, tiled=True, to="reduced")

    def __call__(self, z, u, w, b):
        zs = self.pooled(z)
        act = jnp.tanh(zs)
        return zs + u * act


def inputs():
    rng = np.random.default_rng(45)
    return (rng.standard_normal((N_PARTICLES, DIM)).astype(np.float32),
            rng.normal(0.0, 0.3, DIM).astype(np.float32),
            rng.normal(0.0, 0.3, DIM).astype(np.float32), np.float32(0.1))


def main(z, u, w, b):
    mesh = jax.make_mesh((2, 4), ("particle", "batch"))
    z = jax.device_put(z, NamedSharding(mesh, P("particle", None)))
    u, w, b = (jax.device_put(a, NamedSharding(mesh, P())) for a in (u, w, b))
    layer = PlanarLayer("particle")
    out = jax.shard_map(layer, mesh=mesh, in_specs=(P("particle", None), P(), P(), P()),
                        out_specs=P())(z, u, w, b)
    return out


if __name__ == "__main__":
    main(*inputs())
