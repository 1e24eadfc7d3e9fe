"""Effective sampling rate per round, averaged for the accountant's q."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("cohort", "param"))
COHORT, PARAM = mesh.axis_names


def selected_fraction(mask, population):
    hits = jax.lax.psum(mask.sum(axis=-1), PARAM)
    return hits / population


def effective_q(mask, population=32.0):
    q = selected_fraction(mask, population)
    return jax.lax.pmean(q.mean(), COHORT)


def inputs():
    rng = np.random.default_rng(12)
    return ((rng.uniform(size=(4, 32)) < 0.25).astype(np.float32),)


def main(mask):
    mask = jax.device_put(mask, NamedSharding(mesh, P(COHORT, PARAM)))
    return jax.shard_map(effective_q, mesh=mesh, in_specs=P(COHORT, PARAM), out_specs=P())(mask)


if __name__ == "__main__":
    main(*inputs())
