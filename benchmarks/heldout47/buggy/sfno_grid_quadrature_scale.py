"""Gauss-like quadrature weights on an equiangular grid, assembled from latitude shards."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Quadrature:
    def __init__(self, nlat, nlon, axis="lat"):
        self.nlat = nlat
        self.nlon = nlon
        self.axis = axis

    def __call__(self, sin_theta):
        w = jax.lax.all_gather(sin_theta, self.axis, tiled=True, to="reduced")
        return w * (2 * jnp.pi / self.nlon) * (jnp.pi / self.nlat)


def colatitudes(nlat):
    return np.linspace(0.5, nlat - 0.5, nlat) * np.pi / nlat


def inputs():
    return (np.sin(colatitudes(16)).astype(np.float32),)


def main(sin_theta):
    mesh = jax.make_mesh((2, 4), ("data", "lat"))
    quad = Quadrature(nlat=16, nlon=32)
    sin_theta = jax.device_put(sin_theta, NamedSharding(mesh, P("lat")))
    weights = jax.shard_map(quad, mesh=mesh, in_specs=P("lat"), out_specs=P())(sin_theta)
    return weights


if __name__ == "__main__":
    main(*inputs())
