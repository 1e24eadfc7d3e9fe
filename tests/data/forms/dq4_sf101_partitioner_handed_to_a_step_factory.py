"""A T5X-like partitioner object is handed to a step factory, which wraps its step with the
partitioner's method (`partitioner.partition(step, ...)`, a jitted shard_map on the
partitioner's mesh): every call of the factory hands it an object built of that one class, so
the method run is that class's and the step is a shard_map body."""
import jax
from jax.sharding import PartitionSpec as P


class Partitioner:
    def __init__(self, num_partitions):
        self.mesh = jax.make_mesh((jax.device_count() // num_partitions, num_partitions), ("i", "j"))

    def partition(self, fn, in_specs, out_specs):
        return jax.jit(jax.shard_map(fn, mesh=self.mesh, in_specs=in_specs, out_specs=out_specs))


def make_step(partitioner):
    def step(x):
        total = jax.lax.psum(x, "i")
        return jax.lax.all_gather(total, "i", tiled=True, to="reduced")  # SF101

    return partitioner.partition(step, P("i", "j"), P(None, "j", reduced={"i"}))


def main(x):
    partitioner = Partitioner(4)
    return make_step(partitioner)(x)
