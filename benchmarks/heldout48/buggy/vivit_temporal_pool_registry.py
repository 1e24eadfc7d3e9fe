"""ViViT temporal aggregation: frame tokens are joined over the frame axis and pooled by the
function the config names."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

POOLS = {
    "mean": lambda x, axis: jnp.mean(x, axis=axis),
    "first": lambda x, axis: jnp.take(x, 0, axis=axis),
}


class TemporalAggregator:
    def __init__(self, pool="mean", frame_axis="time"):
        self.pool = POOLS[pool]
        self.frame_axis = frame_axis

    def aggregate(self, tokens):
        frames = jax.lax.all_gather(tokens, self.frame_axis, axis=1, tiled=True, to="reduced")
        return self.pool(frames, axis=1)


def inputs():
    return (np.random.default_rng(35).normal(size=(4, 16, 8)).astype(np.float32),)


def main(tokens):
    mesh = jax.make_mesh((2, 4), ("clip", "time"))
    tokens = jax.device_put(tokens, NamedSharding(mesh, P("clip", "time", None)))
    agg = TemporalAggregator(pool="mean")
    return jax.shard_map(agg.aggregate, mesh=mesh, in_specs=P("clip", "time", None),
                         out_specs=P("clip", None))(tokens)


if __name__ == "__main__":
    main(*inputs())
