"""SELECT AVG(col) per column group: sums over row partitions divided by the count of valid rows."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Aggregates:
    partition_axes = ("rows", "cols")

    def count(self, valid):
        return jax.lax.psum(valid.astype(jnp.float32).sum(), self.partition_axes)

    def total(self, block, valid):
        return jax.lax.psum(jnp.where(valid[:, None], block, 0.0).sum(axis=0), self.partition_axes[0])

    def avg(self, block, valid):
        return self.total(block, valid) / self.count(valid)


def inputs():
    rng = np.random.default_rng(139)
    return rng.uniform(size=(16, 4)).astype(np.float32), rng.uniform(size=(16,)) > 0.3


def main(block, valid):
    mesh = jax.make_mesh((4, 2), Aggregates.partition_axes)
    block = jax.device_put(block, NamedSharding(mesh, P("rows", "cols")))
    valid = jax.device_put(valid, NamedSharding(mesh, P("rows")))
    agg = Aggregates()
    fn = jax.shard_map(agg.avg, mesh=mesh, in_specs=(P("rows", "cols"), P("rows")), out_specs=P("cols"))
    return fn(block, valid)


if __name__ == "__main__":
    print(main(*inputs()))
