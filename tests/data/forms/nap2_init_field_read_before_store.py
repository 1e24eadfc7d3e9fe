"""Near miss of ap1: `__init__` reads `self.axis` (still the class's 'j') into the partial, then
stores the field 'i': the body gathers over 'i' to invarying and the partial sums over 'j', where
the value varies (fine). A field read in `__init__` is not the class attribute for certain."""
import functools

import jax
from jax.sharding import PartitionSpec as P


class Mixer:
    axis = "j"

    def __init__(self):
        self.reduce = functools.partial(jax.lax.psum, axis_name=self.axis)
        self.axis = "i"

    def __call__(self, x):
        rows = jax.lax.all_gather(x, self.axis, axis=0, tiled=True, to="invarying")
        return self.reduce(rows)


def run(mesh, x):
    return jax.shard_map(Mixer(), mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
