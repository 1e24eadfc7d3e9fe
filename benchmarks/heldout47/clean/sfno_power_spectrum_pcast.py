"""Angular power spectrum of SFNO outputs, logged per latitude shard as a reduced table."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass(frozen=True)
class SHTConfig:
    nlat: int = 16
    lmax: int = 8
    batch_axis: str = "data"
    lat_axis: str = "lat"


class DistributedSHT:
    def __init__(self, cfg: SHTConfig):
        self.cfg = cfg
        theta = np.linspace(0.05, np.pi - 0.05, cfg.nlat)
        self.basis = np.cos(np.outer(theta, np.arange(cfg.lmax))).astype(np.float32)
        self.weights = (np.sin(theta) * np.pi / cfg.nlat).astype(np.float32)

    def forward(self, field, basis, weights):
        local = jnp.einsum("bl,lk->bk", field * weights[None, :], basis)
        return jax.lax.psum(local, self.cfg.lat_axis)

    def power_spectrum(self, field, basis, weights):
        coeffs = self.forward(field, basis, weights)
        # the summed spectrum is the same on every latitude shard: make it varying before the reduced gather
        power = jax.lax.pcast(coeffs ** 2, self.cfg.lat_axis, to="varying")
        return jax.lax.all_gather(power, self.cfg.lat_axis, axis=1, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(0)
    return (rng.standard_normal((4, 16)).astype(np.float32),)


def main(field):
    cfg = SHTConfig()
    mesh = jax.make_mesh((2, 4), (cfg.batch_axis, cfg.lat_axis))
    sht = DistributedSHT(cfg)
    field = jax.device_put(field, NamedSharding(mesh, P("data", "lat")))
    basis = jax.device_put(sht.basis, NamedSharding(mesh, P("lat", None)))
    weights = jax.device_put(sht.weights, NamedSharding(mesh, P("lat")))
    return jax.shard_map(
        sht.power_spectrum, mesh=mesh,
        in_specs=(P("data", "lat"), P("lat", None), P("lat")),
        out_specs=P("data", None, reduced={"lat"}),
    )(field, basis, weights)


if __name__ == "__main__":
    main(*inputs())
