"""Near misses of cb7: the constructor is handed the valid key, and a writer whose key field a
method may change before the write (stored twice: which key is read is not known)."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


class SummaryWriter:
    formats = {
        "plink": P(None, "j", reduced={"i"}),
        "regenie": P(None, "i", reduced={"j"}),
    }
    placement = P(None, ("j", "i"))

    def __init__(self, mesh, fmt):
        self.mesh = mesh
        self.fmt = fmt

    def use_plink(self):
        self.fmt = "plink"

    def place(self, stats):
        return jax.device_put(stats, NamedSharding(self.mesh, self.placement))

    def write(self, stats):
        with jax.set_mesh(self.mesh):
            return top_level_all_gather(stats, self.formats[self.fmt])


class PlainWriter:
    formats = {
        "plink": P(None, "j", reduced={"i"}),
        "regenie": P(None, "i", reduced={"j"}),
    }

    def __init__(self, mesh, fmt):
        self.mesh = mesh
        self.key = fmt

    def write(self, stats):
        with jax.set_mesh(self.mesh):
            return top_level_all_gather(stats, self.formats[self.key])


def export(mesh, x, fmt="regenie"):
    writer = SummaryWriter(mesh, fmt)
    writer.use_plink()
    stats = writer.place(np.asarray(x))
    return writer.write(stats), PlainWriter(mesh, "plink").write(stats)


def main(mesh, x):
    return export(mesh, x)
