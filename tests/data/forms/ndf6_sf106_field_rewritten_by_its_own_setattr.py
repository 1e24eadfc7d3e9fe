"""Near miss of df5: the head itself defines `__setattr__`, which stores 'invarying' for the
gather target whatever `__init__` wrote; its fields are not read from the stores (no error:
the gather is to 'invarying')."""
import jax
from jax.sharding import PartitionSpec as P


class Head:
    def __init__(self, axis="j", to="reduced"):
        self._axis = axis
        self._to = to

    def __setattr__(self, name, value):
        super().__setattr__(name, "invarying" if name == "_to" else value)

    def __call__(self, x):
        h = jax.lax.all_gather(x, self._axis, axis=1, tiled=True, to=self._to)
        return h.mean(axis=-1, keepdims=True)


def main(mesh, x):
    return jax.shard_map(Head(), mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None))(x)
