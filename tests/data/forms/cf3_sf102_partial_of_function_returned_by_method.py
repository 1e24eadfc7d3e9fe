"""`step = engine.make_private(1.0)` with the method returning `functools.partial(noisy, axes=self.axes)`
of a module function: the axes are the object's field (a constructor default), and the tuple
gather of a value already reduced on its first axis fails."""
import functools

import jax
from jax.sharding import PartitionSpec as P


def noisy(g, *, axes, scale):
    first = jax.lax.all_gather(g * scale, axes[0], axis=0, tiled=True, to="reduced")
    return jax.lax.all_gather(first, axes, axis=1, tiled=True, to="reduced")  # SF102


class Engine:
    def __init__(self, axes=("i", "j")):
        self.axes = axes

    def make_private(self, scale):
        return functools.partial(noisy, axes=self.axes, scale=scale)


def main(mesh, x):
    engine = Engine()
    step = engine.make_private(1.0)
    out = P(None, None, reduced={"i", "j"})
    return jax.shard_map(step, mesh=mesh, in_specs=P("i", "j"), out_specs=out)(x)
