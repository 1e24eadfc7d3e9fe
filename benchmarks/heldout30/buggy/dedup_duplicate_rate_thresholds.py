"""Duplicate rate of the corpus at several Jaccard thresholds, computed in a Python loop."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

THRESHOLDS = (0.5, 0.7, 0.9)
MESH_AXES = ("docs", "bands")


def duplicate_rates(similarity):
    docs_axis, bands_axis = MESH_AXES
    best = jax.lax.pmax(similarity.max(axis=1), bands_axis)
    rates = []
    for t in THRESHOLDS:
        dup = (best >= t).astype(jnp.float32).mean()
        rates.append(jax.lax.pmean(dup, MESH_AXES))
    return jnp.stack(rates)


def inputs():
    rng = np.random.default_rng(163)
    return (rng.uniform(size=(16, 8)).astype(np.float32),)


def main(similarity):
    mesh = jax.make_mesh((4, 2), MESH_AXES)
    similarity = jax.device_put(similarity, NamedSharding(mesh, P(*MESH_AXES)))
    fn = jax.shard_map(duplicate_rates, mesh=mesh, in_specs=P(*MESH_AXES), out_specs=P())
    return fn(similarity)


if __name__ == "__main__":
    print(main(*inputs()))
