"""le48 where the head's own `__setattr__` changes the value before handing it on: what
`__init__` stores is not what the object holds."""
import jax
from jax.sharding import PartitionSpec as P


class Head:
    def __init__(self, axis, to):
        self.axis = axis
        self.to = to

    def __setattr__(self, name, value):
        if name == "to":
            value = "varying"
        super().__setattr__(name, value)

    def _run(self, x):
        h = jax.lax.all_gather(x, self.axis, axis=1, tiled=True, to=self.to)
        return h.mean(axis=-1, keepdims=True)

    def __call__(self, mesh, x):
        return jax.shard_map(self._run, mesh=mesh, in_specs=P("i", self.axis), out_specs=P("i", self.axis))(x)


def main(mesh, x):
    return Head("j", "reduced")(mesh, x)
