"""Climate diagnostics on a lat-lon grid: zonal means over longitude, gathered for a Hovmoller plot."""
import enum

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Grid(str, enum.Enum):
    LAT = "lat"
    LON = "lon"


def area_weights(nlat):
    lat = jnp.linspace(-jnp.pi / 2, jnp.pi / 2, nlat)
    return jnp.cos(lat)


def inputs():
    rng = np.random.default_rng(4)
    return ((280.0 + 10 * rng.normal(size=(3, 8, 16))).astype(np.float32),)


def main(temp):
    mesh = jax.make_mesh((2, 4), (Grid.LAT.value, Grid.LON.value))
    spec = P(None, Grid.LAT.value, Grid.LON.value)
    temp = jax.device_put(temp, NamedSharding(mesh, spec))

    def diagnostics(t):
        nlon = t.shape[-1] * jax.lax.axis_size(Grid.LON.value)
        zonal = jax.lax.psum(jnp.sum(t, axis=-1), Grid.LON.value) / nlon
        anomalies = zonal - jnp.mean(zonal, axis=0, keepdims=True)
        hovmoller = jax.lax.all_gather(anomalies, Grid.LON.value, axis=0, tiled=True, to="reduced")
        return hovmoller

    return jax.shard_map(diagnostics, mesh=mesh, in_specs=spec,
                         out_specs=P(None, Grid.LAT.value, reduced={Grid.LON.value}))(temp)


if __name__ == "__main__":
    print(main(inputs()))
