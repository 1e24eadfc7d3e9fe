"""Two-stream shortwave scheme: surface absorption from zonally gathered insolation."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class TwoStream:
    def __init__(self, surface_albedo=0.3, lon_axis="lon", lat_axis="lat"):
        self.surface_albedo = surface_albedo
        self.lon_axis = lon_axis
        self.lat_axis = lat_axis

    def insolation_ring(self, sw_down):
        return jax.lax.all_gather(sw_down, self.lon_axis, axis=1, tiled=True, to="reduced")

    def surface_absorption(self, sw_down, tau):
        ring = self.insolation_ring(sw_down)
        absorbed = ring * (1.0 - self.surface_albedo)
        transmitted = absorbed[:, : tau.shape[1]] * jnp.exp(-tau)
        return jax.lax.pmax(jnp.max(transmitted), (self.lat_axis, self.lon_axis))


def inputs():
    rng = np.random.default_rng(8)
    sw = (340.0 * rng.random((8, 16))).astype(np.float32)
    tau = (0.5 * rng.random((8, 16))).astype(np.float32)
    return sw, tau


def main(sw_down, tau):
    scheme = TwoStream()
    mesh = jax.make_mesh((2, 4), (scheme.lat_axis, scheme.lon_axis))
    spec = P(scheme.lat_axis, scheme.lon_axis)
    sw_down, tau = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (sw_down, tau))
    fn = jax.shard_map(scheme.surface_absorption, mesh=mesh, in_specs=(spec, spec), out_specs=P())
    return fn(sw_down, tau)


if __name__ == "__main__":
    print(main(*inputs()))
