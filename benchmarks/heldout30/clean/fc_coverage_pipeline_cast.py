"""Prediction-interval coverage computed by a functional pipeline of stages (cast before the mean)."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = ("series", "horizon")


def inside(batch):
    y, lo, hi = batch
    return ((y >= lo) & (y <= hi)).astype(jnp.float32)


def per_series(hits):
    return jax.lax.psum(hits.sum(axis=1), AXES[1]) / (hits.shape[1] * 2)


def coverage(rate):
    return jax.lax.pmean(jax.lax.pcast(rate.mean(), AXES[1], to="varying"), AXES)


PIPELINE = (inside, per_series, coverage)


def run(y, lo, hi):
    return functools.reduce(lambda acc, stage: stage(acc), PIPELINE, (y, lo, hi))


def inputs():
    rng = np.random.default_rng(11)
    y = rng.standard_normal((16, 8)).astype(np.float32)
    return y, y - rng.uniform(0, 2, y.shape).astype(np.float32), y + rng.uniform(0, 2, y.shape).astype(np.float32)


def main(y, lo, hi):
    mesh = jax.make_mesh((4, 2), AXES)
    spec = P(*AXES)
    y, lo, hi = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (y, lo, hi))
    fn = jax.shard_map(run, mesh=mesh, in_specs=(spec, spec, spec), out_specs=P())
    return fn(y, lo, hi)


if __name__ == "__main__":
    print(main(*inputs()))
