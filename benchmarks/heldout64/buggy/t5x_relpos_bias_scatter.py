"""T5X-like relative position biases with the head dimension split over the model axis."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class RelativePositionBiases:
    num_buckets: int = 8
    max_distance: int = 16
    num_heads: int = 8
    heads_axis: str = "model"

    @staticmethod
    def _relative_position_bucket(relative_position, num_buckets, max_distance):
        n = -relative_position
        ret = (n < 0).astype(np.int32) * (num_buckets // 2)
        n = np.abs(n)
        max_exact = num_buckets // 4
        is_small = n < max_exact
        val_if_large = max_exact + (
            np.log(np.maximum(n, 1) / max_exact) / np.log(max_distance / max_exact) * (num_buckets // 2 - max_exact)
        ).astype(np.int32)
        val_if_large = np.minimum(val_if_large, num_buckets // 2 - 1)
        return ret + np.where(is_small, n, val_if_large)

    def __call__(self, table, qlen, klen):
        context = np.arange(qlen)[:, None]
        memory = np.arange(klen)[None, :]
        buckets = self._relative_position_bucket(memory - context, self.num_buckets, self.max_distance)
        full_table = jax.lax.all_gather(table, self.heads_axis, axis=1, tiled=True, to="reduced")
        scaled = full_table * full_table
        local = jax.lax.psum_scatter(scaled, self.heads_axis, scatter_dimension=1, tiled=True)
        values = jnp.take(local, jnp.asarray(buckets.reshape(-1)), axis=0)
        return values.reshape(qlen, klen, -1).transpose(2, 0, 1)


def inputs():
    rng = np.random.default_rng(8)
    rel = RelativePositionBiases()
    table = rng.standard_normal((rel.num_buckets, rel.num_heads)).astype(np.float32)
    return rel, table


def main(rel, table):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    spec = P(None, rel.heads_axis)
    table = jax.device_put(table, NamedSharding(mesh, spec))
    fn = jax.shard_map(lambda t: rel(t, 5, 5), mesh=mesh, in_specs=(spec,),
                       out_specs=P(rel.heads_axis, None, None))
    return jax.jit(fn)(table)


if __name__ == "__main__":
    main(*inputs())
