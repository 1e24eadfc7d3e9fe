"""Per-channel KL of the VAE posterior, to spot collapsed latent channels."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

KL_CONFIG = {"spatial": "space", "gather": ["data", "space"], "free_bits": 0.0}


class DiagonalGaussian:
    def __init__(self, mean, logvar):
        self.mean = mean
        self.logvar = jnp.clip(logvar, -30.0, 20.0)

    def kl(self):
        return 0.5 * (self.mean ** 2 + jnp.exp(self.logvar) - 1.0 - self.logvar)


def channel_usage(mean, logvar, cfg=KL_CONFIG):
    kl = DiagonalGaussian(mean, logvar).kl().mean(axis=1)
    rows = jax.lax.all_gather(kl, cfg["spatial"], axis=1, to="reduced")
    return jax.lax.all_gather(rows, tuple(cfg["gather"]), axis=0, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(21)
    return rng.standard_normal((4, 8, 4), dtype=np.float32), rng.standard_normal((4, 8, 4), dtype=np.float32)


def main(mean, logvar):
    mesh = jax.make_mesh((2, 4), ("data", "space"))
    spec = P("data", "space", None)
    mean, logvar = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (mean, logvar))
    usage = jax.shard_map(channel_usage, mesh=mesh, in_specs=(spec, spec),
                          out_specs=P(None, None, None, reduced={"data", "space"}))(mean, logvar)
    print(usage.shape)
    return usage


if __name__ == "__main__":
    main(*inputs())
