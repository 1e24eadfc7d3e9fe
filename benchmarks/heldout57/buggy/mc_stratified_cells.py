"""Stratified sampling: the per-cell variances are redistributed across chains."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

STRATA = 4
AXES = {"chains": "chain", "dims": "dim"}


def cell_variance(samples):
    return samples.reshape(STRATA, -1, samples.shape[-1]).var(axis=1)


def redistribute(var_table, axis_name):
    return jax.lax.all_to_all(var_table, axis_name, split_axis=0, concat_axis=0, tiled=True)


def stratify(samples):
    var_table = jax.lax.all_gather(cell_variance(samples), AXES["dims"], axis=1, tiled=True,
                                   to="reduced")
    return redistribute(var_table, AXES["dims"])


def inputs():
    rng = np.random.default_rng(32)
    return (rng.uniform(size=(64, 8)).astype(np.float32),)


def main(samples):
    mesh = jax.make_mesh((2, 4), tuple(AXES.values()))
    spec = P(AXES["chains"], AXES["dims"])
    samples = jax.device_put(samples, NamedSharding(mesh, spec))
    f = jax.shard_map(stratify, mesh=mesh, in_specs=spec, out_specs=P(AXES["chains"], AXES["dims"]))
    return f(samples)


if __name__ == "__main__":
    main(*inputs())
