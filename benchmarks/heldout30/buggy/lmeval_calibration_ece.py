"""Expected calibration error of a classifier head, with confidences pooled across vocab shards."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class ECEMetric:
    def __init__(self, n_bins, vocab_axis, batch_axis):
        self.n_bins = n_bins
        self.vocab_axis = vocab_axis
        self.batch_axis = batch_axis

    def confidences(self, probs):
        return jax.lax.all_gather(probs.max(axis=-1), self.vocab_axis, to="reduced")

    def __call__(self, probs, correct):
        conf = self.confidences(probs)
        bins = jnp.floor(conf * self.n_bins)
        gap = jnp.abs(bins.max(axis=0) / self.n_bins - correct)
        return jax.lax.pmean(gap.mean(), (self.batch_axis, self.vocab_axis))


def inputs():
    rng = np.random.default_rng(31)
    return (rng.uniform(0, 1, (8, 16)).astype(np.float32),
            rng.integers(0, 2, (8,)).astype(np.float32))


def main(probs, correct):
    mesh = jax.make_mesh((2, 4), ("batch", "vocab"))
    metric = ECEMetric(10, "vocab", "batch")
    probs = jax.device_put(probs, NamedSharding(mesh, P("batch", "vocab")))
    correct = jax.device_put(correct, NamedSharding(mesh, P("batch")))
    fn = jax.shard_map(metric, mesh=mesh, in_specs=(P("batch", "vocab"), P("batch")), out_specs=P())
    return fn(probs, correct)


if __name__ == "__main__":
    print(main(*inputs()))
