"""Harmonic-mean interblock conductance along rows for the finite-difference flow matrix."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class GridAxes(NamedTuple):
    row: str = "row"
    col: str = "col"


AXES = GridAxes()


def full_rows(k):
    return jax.lax.all_gather(k, AXES.col, axis=1, tiled=True, to="reduced")


def to_host_layout(c):
    return jax.lax.all_gather(c, tuple(AXES), axis=0, tiled=True, to="reduced")


def conductance(k, thickness, delr=50.0, delc=50.0):
    k_row = full_rows(2.0 * k * thickness * delc / delr)
    left, right = k_row[:, :-1], k_row[:, 1:]
    return to_host_layout(left * right / (left + right))


def inputs():
    rng = np.random.default_rng(21)
    k = np.exp(rng.normal(size=(16, 8))).astype(np.float32)
    b = np.full((16, 8), 20.0, np.float32)
    return k, b


def main(k, b):
    mesh = jax.make_mesh((4, 2), tuple(AXES))
    spec = P(AXES.row, AXES.col)
    k = jax.device_put(k, NamedSharding(mesh, spec))
    b = jax.device_put(b, NamedSharding(mesh, spec))
    fn = jax.shard_map(conductance, mesh=mesh, in_specs=(spec, spec),
                       out_specs=P(None, None, reduced=set(AXES)))
    return fn(k, b)


if __name__ == "__main__":
    main(*inputs())
