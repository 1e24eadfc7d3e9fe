"""A field stored by `__init__` beside a class attribute of the same name bound to a module
constant (no descriptor): the object's own value wins, and the body gathers over the axis its
psum made invariant."""
import jax
from jax.sharding import PartitionSpec as P

DEFAULT_AXIS = "i"


class Reporter:
    axis = DEFAULT_AXIS
    scale = 1.0 / 8.0

    def __init__(self, axis):
        self.axis = axis

    def __call__(self, v):
        total = jax.lax.psum(v * self.scale, "j")
        return jax.lax.all_gather(total, self.axis, tiled=True, to="reduced")  # SF101


def main(mesh, x):
    reporter = Reporter("j")

    def body(v):
        return reporter(v)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None, reduced={"j"}))(x)
