"""A property with a setter named like the field `__init__` stores: the store runs the setter,
the read the getter ('j'), so the gather is valid."""
import jax
from jax.sharding import PartitionSpec as P


class Obj:
    def __init__(self, axis):
        self.axis = axis

    @property
    def axis(self):
        return "j"

    @axis.setter
    def axis(self, value):
        self._given = value


def main(mesh, x):
    o = Obj("i")

    def body(v):
        total = jax.lax.psum(v, "i")
        return jax.lax.all_gather(total, o.axis, tiled=True, to="reduced")

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, None, reduced={"j"}))(x)
