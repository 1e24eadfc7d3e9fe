"""Near miss of le38: the second binding sits under an `if` the environment decides, so the
read may see either layer (the run keeps the first, gathering to 'invarying')."""
import os

import jax
from jax.sharding import PartitionSpec as P


class Gather:
    def __init__(self, axis="j", to="invarying"):
        self.axis, self.to = axis, to

    def __call__(self, x):
        h = jax.lax.all_gather(x, self.axis, axis=1, tiled=True, to=self.to)
        return h.mean(axis=-1, keepdims=True)


def main(mesh, x):
    layer = Gather()
    if os.environ.get("FORM_REDUCED"):
        layer = Gather(to="reduced")
    return jax.shard_map(layer, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None))(x)
