"""EDM (Karras et al. 2022) preconditioning coefficients, gathered for the training dashboard."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass(frozen=True)
class EDMConfig:
    sigma_data: float = 0.5
    p_mean: float = -1.2
    p_std: float = 1.2


class EDMPrecond:
    def __init__(self, mesh, cfg=EDMConfig()):
        self.batch, self.pixel = mesh.axis_names
        self.cfg = cfg

    def coefficients(self, sigma):
        sd = self.cfg.sigma_data
        c_skip = sd ** 2 / (sigma ** 2 + sd ** 2)
        c_out = sigma * sd / jnp.sqrt(sigma ** 2 + sd ** 2)
        return jnp.stack([c_skip, c_out], axis=-1)

    def dashboard(self, sigma):
        coeffs = self.coefficients(sigma)
        return jax.lax.all_gather(coeffs, (self.batch, self.pixel), axis=0, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(3)
    log_sigma = rng.normal(-1.2, 1.2, size=(8, 8)).astype(np.float32)
    return (np.exp(log_sigma),)


def main(sigma):
    mesh = jax.make_mesh((4, 2), ("batch", "pixel"))
    sigma = jax.device_put(sigma, NamedSharding(mesh, P("batch", "pixel")))
    precond = EDMPrecond(mesh)
    out = jax.shard_map(precond.dashboard, mesh=mesh, in_specs=P("batch", "pixel"),
                        out_specs=P(None, None, None, reduced={"batch", "pixel"}))(sigma)
    print(out.shape)
    return out


if __name__ == "__main__":
    main(*inputs())
