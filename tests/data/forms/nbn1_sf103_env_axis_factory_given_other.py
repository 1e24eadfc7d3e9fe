"""Silent: the factory's default is the environment's axis, but its one call passes another axis;
the closure gathers to reduced over the module's axis and means over the one given, on which the
gathered value varies
(a sum over it is legal)."""
import os

import jax
from jax.sharding import PartitionSpec as P

AXIS = os.getenv("NBN1_AXIS", "j")


def make_fit(axis=AXIS):
    def fit(x):
        table = jax.lax.all_gather(x, AXIS, axis=1, tiled=True, to="reduced")
        return jax.lax.psum(table, axis)  # none
    return fit


def main(mesh, x):
    return jax.shard_map(make_fit("i"), mesh=mesh, in_specs=P("i", AXIS), out_specs=P(reduced={AXIS}))(x)
