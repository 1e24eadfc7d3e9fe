"""Write GWAS summary statistics in several output formats, each with its own host layout."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("site", "snp"))


class SummaryWriter:
    formats = {
        "plink": P(None, "snp", reduced={"site"}),
        "regenie": P(None, "site", reduced={"snp"}),
    }
    placement = P(None, ("snp", "site"))

    def __init__(self, fmt):
        self.fmt = fmt

    def place(self, stats):
        return jax.device_put(stats, NamedSharding(MESH, self.placement))

    def write(self, stats):
        with jax.set_mesh(MESH):
            return top_level_all_gather(stats, self.formats[self.fmt])


def association_stats(beta, se):
    z = beta / se
    return jnp.stack([beta, se, z], axis=0)


def inputs():
    rng = np.random.default_rng(53)
    return (rng.normal(0, 0.1, size=(64,)).astype(np.float32),
            rng.uniform(0.02, 0.1, size=(64,)).astype(np.float32))


def main(beta, se, fmt="regenie"):
    writer = SummaryWriter(fmt)
    stats = writer.place(association_stats(beta, se))
    return writer.write(stats)


if __name__ == "__main__":
    main(*inputs())
