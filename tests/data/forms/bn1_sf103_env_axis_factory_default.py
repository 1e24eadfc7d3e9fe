"""SF103: a factory's default is an axis name read from the environment; the closure it returns
gathers to reduced over that axis and then means over it."""
import os

import jax
from jax.sharding import PartitionSpec as P

AXIS = os.getenv("BN1_AXIS", "j")


def make_fit(axis=AXIS, scale=2.0):
    def fit(x):
        table = jax.lax.all_gather(x, axis, axis=1, tiled=True, to="reduced")
        return jax.lax.pmean(table, axis) * scale  # SF103
    return fit


def main(mesh, x):
    return jax.shard_map(make_fit(), mesh=mesh, in_specs=P("i", AXIS), out_specs=P("i"))(x)
