"""VAE on toy 2-D data (notebook export). Section 3: the KL term per latent dimension."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass
class Config:
    latent: int = 8
    batch: int = 16
    data_axis: str = "dp"
    model_axis: str = "mp"


cfg = Config()
mesh = jax.make_mesh((2, 4), (cfg.data_axis, cfg.model_axis))


def kl_per_dim(mu, logvar):
    return 0.5 * (jnp.exp(logvar) + mu ** 2 - 1.0 - logvar)


def kl_report(mu, logvar):
    kl = kl_per_dim(mu, logvar).sum(axis=0)
    kl = jax.lax.psum(kl, cfg.data_axis)
    return jax.lax.all_gather(kl[None], cfg.data_axis, axis=0, to="reduced", tiled=True)


def inputs():
    rng = np.random.default_rng(0)
    mu = rng.normal(size=(cfg.batch, cfg.latent)).astype(np.float32)
    logvar = 0.1 * rng.normal(size=(cfg.batch, cfg.latent)).astype(np.float32)
    return mu, logvar


def main(mu, logvar):
    spec = P(cfg.data_axis, cfg.model_axis)
    mu, logvar = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (mu, logvar))
    report = jax.shard_map(kl_report, mesh=mesh, in_specs=(spec, spec),
                           out_specs=P(None, cfg.model_axis, reduced={cfg.data_axis}))
    return report(mu, logvar)


if __name__ == "__main__":
    main(*inputs())
