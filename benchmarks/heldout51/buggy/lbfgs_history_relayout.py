"""Re-laying out the L-BFGS memory from parameter-sharded to pair-sharded with all_to_all."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class PairLayout:
    def __init__(self, shard_axis="mp", n_shards=4):
        self.shard_axis = shard_axis
        self.n_shards = n_shards

    def complete(self, hist):
        return jax.lax.all_gather(hist, self.shard_axis, axis=1, tiled=True, to="reduced")

    def to_pair_major(self, hist):
        full = self.complete(hist)
        return jax.lax.all_to_all(full, self.shard_axis, 0, 0, tiled=True)


def inputs():
    return (np.arange(4 * 32, dtype=np.float32).reshape(4, 32),)


def main(hist):
    mesh = jax.make_mesh((2, 4), ("dp", "mp"))
    hist = jax.device_put(hist, NamedSharding(mesh, P(None, "mp")))
    layout = PairLayout()
    return jax.shard_map(layout.to_pair_major, mesh=mesh, in_specs=P(None, "mp"),
                         out_specs=P("mp", None))(hist)


if __name__ == "__main__":
    main(*inputs())
