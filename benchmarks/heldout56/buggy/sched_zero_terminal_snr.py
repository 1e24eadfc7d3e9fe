"""Rescale betas to zero terminal SNR (Lin et al. 2023) on a table sharded over the model axis."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass(frozen=True)
class RescaleConfig:
    axis: str = "model"
    eps: float = 1e-6


class ZeroSNRRescaler:
    def __init__(self, cfg=RescaleConfig()):
        self.cfg = cfg

    def gather_sqrt(self, alphas_cumprod):
        sqrt_ab = jnp.sqrt(alphas_cumprod)
        return jax.lax.all_gather(sqrt_ab, self.cfg.axis, axis=1, tiled=True, to="reduced")

    def __call__(self, alphas_cumprod):
        sqrt_ab = self.gather_sqrt(alphas_cumprod)
        first = sqrt_ab[:, :1]
        last = sqrt_ab[:, -1:]
        shifted = (sqrt_ab - last) * (first / (first - last))
        return jnp.clip(shifted, self.cfg.eps, 1.0)


def inputs():
    betas = np.linspace(1e-4, 0.02, 32, dtype=np.float32)
    ac = np.cumprod(1.0 - betas).astype(np.float32)
    return (np.stack([ac, ac]),)


def main(alphas_cumprod):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    alphas_cumprod = jax.device_put(alphas_cumprod, NamedSharding(mesh, P("data", "model")))
    rescale = ZeroSNRRescaler()
    out = jax.shard_map(rescale, mesh=mesh, in_specs=P("data", "model"),
                        out_specs=P("data", None, reduced={"model"}))(alphas_cumprod)
    print(out)
    return out


if __name__ == "__main__":
    main(*inputs())
