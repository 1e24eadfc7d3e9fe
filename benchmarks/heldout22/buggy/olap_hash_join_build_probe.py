"""Broadcast hash join: the small build side is replicated, the probe side stays row-partitioned."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

ROWS = "rows"


class BroadcastJoin:
    def __init__(self, axis=ROWS, buckets=8):
        self.axis = axis
        self.buckets = buckets

    def build(self, build_keys, build_vals):
        table = jnp.zeros((self.buckets,), build_vals.dtype).at[build_keys % self.buckets].add(build_vals)
        return jax.lax.all_gather(table[None], self.axis, axis=0, tiled=True, to="reduced")

    def merged_table(self, partial_tables):
        stacked = jax.lax.all_gather(partial_tables, self.axis, axis=0, tiled=True)
        return stacked.sum(axis=0)

    def probe(self, probe_keys, build_keys, build_vals):
        table = self.merged_table(self.build(build_keys, build_vals))
        return table[probe_keys % self.buckets]


def inputs():
    rng = np.random.default_rng(131)
    return (rng.integers(0, 100, size=(32,)).astype(np.int32),
            rng.integers(0, 100, size=(16,)).astype(np.int32),
            rng.uniform(size=(16,)).astype(np.float32))


def main(probe_keys, build_keys, build_vals):
    mesh = jax.make_mesh((8,), (ROWS,))
    probe_keys, build_keys, build_vals = (jax.device_put(a, NamedSharding(mesh, P(ROWS)))
                                          for a in (probe_keys, build_keys, build_vals))
    join = BroadcastJoin()
    fn = jax.shard_map(join.probe, mesh=mesh, in_specs=(P(ROWS), P(ROWS), P(ROWS)), out_specs=P(ROWS))
    return fn(probe_keys, build_keys, build_vals)


if __name__ == "__main__":
    print(main(*inputs()))
