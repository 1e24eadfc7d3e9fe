"""Empirical stationary base frequencies with a pseudocount, for a GTR model."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class EmpiricalFrequencies:
    site_axis = "site"

    def __init__(self, pseudocount=0.5):
        self.pseudocount = pseudocount

    def counts(self, one_hot):
        return jax.lax.all_gather(one_hot, self.site_axis, axis=1, tiled=True, to="reduced")

    def __call__(self, one_hot):
        counts = jnp.sum(self.counts(one_hot), axis=1)
        return counts + self.pseudocount


def inputs():
    bases = np.random.default_rng(45).integers(0, 4, size=32)
    one_hot = np.eye(4, dtype=np.float32)[bases].T.copy()
    return (np.concatenate([one_hot, one_hot], axis=0),)


def main(one_hot):
    mesh = jax.make_mesh((2, 4), ("rate", "site"))
    one_hot = jax.device_put(one_hot, NamedSharding(mesh, P("rate", "site")))
    freqs = EmpiricalFrequencies()
    return jax.shard_map(freqs, mesh=mesh, in_specs=P("rate", "site"),
                         out_specs=P("rate", reduced={"site"}))(one_hot)


if __name__ == "__main__":
    main(*inputs())
