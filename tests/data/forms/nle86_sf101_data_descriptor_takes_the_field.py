"""A class attribute that is a data descriptor (`__get__`/`__set__`): the store in `__init__` goes
to it and the read gives 'j', on which the psum result varies, so the gather is valid."""
import jax
from jax.sharding import PartitionSpec as P


class Redirect:
    def __get__(self, obj, owner=None):
        return "j"

    def __set__(self, obj, value):
        obj._ignored = value


class Obj:
    axis = Redirect()

    def __init__(self, axis):
        self.axis = axis


def main(mesh, x):
    o = Obj("i")

    def body(v):
        total = jax.lax.psum(v, "i")
        return jax.lax.all_gather(total, o.axis, tiled=True, to="reduced")

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, None, reduced={"j"}))(x)
