"""word2vec-style unigram^0.75 negative sampling distribution over the item vocabulary."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class UnigramSampler:
    def __init__(self, power=0.75, vocab_axis="item"):
        self.power = power
        self.vocab_axis = vocab_axis

    def counts(self, local_counts):
        return jax.lax.all_gather(local_counts ** self.power, self.vocab_axis, axis=1, tiled=True, to="reduced")

    def distribution(self, local_counts):
        smoothed = self.counts(local_counts)
        return smoothed.sum(axis=-1)


def inputs():
    return (np.random.default_rng(45).integers(1, 100, size=(2, 64)).astype(np.float32),)


def main(local_counts):
    mesh = jax.make_mesh((2, 4), ("replica", "item"))
    local_counts = jax.device_put(local_counts, NamedSharding(mesh, P("replica", "item")))
    sampler = UnigramSampler()
    f = jax.shard_map(sampler.distribution, mesh=mesh, in_specs=P("replica", "item"),
                      out_specs=P("replica", reduced={"item"}))
    return f(local_counts)


if __name__ == "__main__":
    main(*inputs())
