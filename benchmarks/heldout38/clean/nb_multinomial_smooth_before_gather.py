import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    rng = np.random.default_rng(41)
    counts = rng.poisson(3.0, size=(16, 8)).astype(np.float32)
    y = rng.integers(0, 8, size=(16,))
    R = np.eye(8, dtype=np.float32)[y]
    return counts, R


class MultinomialNB:
    def __init__(self, alpha=1.0, fit_prior=True, class_axis="klass", shard_axis="shard"):
        self.alpha = alpha
        self.fit_prior = fit_prior
        self.class_axis = class_axis
        self.shard_axis = shard_axis

    def feature_counts(self, counts, R):
        return jax.lax.psum(R.T @ counts, self.shard_axis)

    def feature_log_prob(self, counts, R):
        fc = self.feature_counts(counts, R)
        smoothed = jax.lax.all_gather(fc + self.alpha, self.class_axis, axis=0, tiled=True,
                                      to="invarying")
        return jnp.log(smoothed) - jnp.log(smoothed.sum(axis=1, keepdims=True))


def main(counts, R):
    mesh = jax.make_mesh((2, 4), ("shard", "klass"))
    counts = jax.device_put(counts, NamedSharding(mesh, P("shard", None)))
    R = jax.device_put(R, NamedSharding(mesh, P("shard", "klass")))
    nb = MultinomialNB(alpha=0.5)
    body = functools.partial(MultinomialNB.feature_log_prob, nb)
    f = jax.shard_map(body, mesh=mesh, in_specs=(P("shard", None), P("shard", "klass")),
                      out_specs=P())
    return f(counts, R)


if __name__ == "__main__":
    main(*inputs())
