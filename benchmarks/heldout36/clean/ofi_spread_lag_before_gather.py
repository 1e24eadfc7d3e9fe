"""Order-book features: lag the spread on the ring first, then share the lagged table."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class SpreadFeatures:
    time_axis = "ticks"
    n_shards = 8

    def lagged(self, bid, ask):
        s = (ask - bid).mean(axis=0, keepdims=True)
        ring = [(i, (i + 1) % self.n_shards) for i in range(self.n_shards)]
        prev = jax.lax.ppermute(s, self.time_axis, perm=ring)
        return jax.lax.all_gather(prev, self.time_axis, axis=0, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(14)
    bid = rng.uniform(99.0, 99.9, (64, 4)).astype(np.float32)
    return bid, bid + rng.uniform(0.01, 0.1, (64, 4)).astype(np.float32)


def main(bid, ask):
    feats = SpreadFeatures()
    mesh = jax.make_mesh((feats.n_shards,), (feats.time_axis,))
    spec = P(feats.time_axis, None)
    bid, ask = jax.device_put((bid, ask), NamedSharding(mesh, spec))
    fn = jax.shard_map(feats.lagged, mesh=mesh, in_specs=(spec, spec),
                       out_specs=P(None, None, reduced={feats.time_axis}))
    return fn(bid, ask)


if __name__ == "__main__":
    print(main(*inputs()))
