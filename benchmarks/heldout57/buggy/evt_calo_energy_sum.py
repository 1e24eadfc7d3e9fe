"""Calorimeter energy: per-event sums over layers, then the run total over everything."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class DetAxes(NamedTuple):
    events: str
    layer: str


AXES = DetAxes("events", "layer")
SAMPLING_FRACTION = 0.12


def event_energy(deposits, axes):
    return jax.lax.psum(deposits.sum(axis=1), axes.layer) / SAMPLING_FRACTION


def run_summary(deposits):
    e = event_energy(deposits, AXES)
    total = jax.lax.psum(e.sum(), tuple(AXES))
    return e, total


def inputs():
    rng = np.random.default_rng(24)
    return (rng.gamma(2.0, 0.5, (64, 16)).astype(np.float32),)


def main(deposits):
    mesh = jax.make_mesh((2, 4), tuple(AXES))
    deposits = jax.device_put(deposits, NamedSharding(mesh, P(*AXES)))
    f = jax.shard_map(run_summary, mesh=mesh, in_specs=P(*AXES), out_specs=(P(AXES.events), P()))
    return f(deposits)


if __name__ == "__main__":
    main(*inputs())
