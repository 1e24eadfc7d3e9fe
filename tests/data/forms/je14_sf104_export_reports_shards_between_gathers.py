"""An export loop gathers the table into each sink's layout and reports the layout it got (the
number of addressable shards, the first shard's block shape): the first layout is fine, the
second gathers "j" without listing it as reduced, and JAX rejects it."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

SINKS = {"parquet": P(None, "j", reduced={"i"}), "csv": P("i", None)}


class Job:
    def __init__(self, mesh, table):
        self.mesh, self.table, self.artifacts = mesh, table, {}

    def sink(self, sinks):
        written = {}
        with jax.set_mesh(self.mesh):
            for fmt in sinks:
                out = top_level_all_gather(self.table, SINKS[fmt])  # SF104
                written[fmt] = [len(out.addressable_shards), list(out.addressable_shards[0].data.shape)]
        self.artifacts["sink"] = written


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    job = Job(mesh, jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j"))))
    job.sink(("parquet", "csv"))
    return job.artifacts


if __name__ == "__main__":
    main()
