"""Quadrature weights on an equiangular grid; the cell area is applied before the gather."""
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
        local = sin_theta * (2 * jnp.pi / self.nlon) * (jnp.pi / self.nlat)
        return jax.lax.all_gather(local, self.axis, tiled=True, to="reduced")


def inputs():
    theta = np.linspace(0.5, 15.5, 16) * np.pi / 16
    return (np.sin(theta).astype(np.float32),)


def main(sin_theta):
    mesh = jax.make_mesh((2, 4), ("data", "lat"))
    quad = Quadrature(nlat=16, nlon=32)
    sin_theta = jax.device_put(sin_theta, NamedSharding(mesh, P("lat")))
    return jax.shard_map(quad, mesh=mesh, in_specs=P("lat"), out_specs=P(reduced={"lat"}))(sin_theta)


if __name__ == "__main__":
    main(*inputs())
