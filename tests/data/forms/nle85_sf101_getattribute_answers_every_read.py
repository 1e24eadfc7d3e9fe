"""An object whose `__getattribute__` answers the read of `axis` itself: what `__init__` stored
is not what the body reads ('j', on which the psum result varies), so the gather is valid."""
import jax
from jax.sharding import PartitionSpec as P


class Obj:
    def __init__(self, axis):
        self.axis = axis

    def __getattribute__(self, name):
        if name == "axis":
            return "j"
        return object.__getattribute__(self, name)


def main(mesh, x):
    o = Obj("i")

    def body(v):
        total = jax.lax.psum(v, "i")
        return jax.lax.all_gather(total, o.axis, tiled=True, to="reduced")

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, None, reduced={"j"}))(x)
