"""A partial of a bound method stored on the object: the call through the field runs the method
with the bound factor, on a reduced value."""
import functools

import jax
from jax.sharding import PartitionSpec as P


class Mixer:
    def __init__(self, factor=0.25):
        self.mix = functools.partial(self._scale, factor=factor)

    def _scale(self, v, factor):
        return v * factor  # SF106

    def body(self, x):
        full = jax.lax.all_gather(x, "j", axis=1, tiled=True, to="reduced")
        return self.mix(full)


def run(mesh, x):
    return jax.shard_map(Mixer().body, mesh=mesh, in_specs=P(None, "j"), out_specs=P(None, None, reduced={"j"}))(x)
