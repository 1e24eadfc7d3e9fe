"""Near miss of le38: a nested function rebinds the name through `nonlocal` and runs before
the read, so the last top-level binding is not what the read sees (the run hands shard_map the
'invarying' layer)."""
import jax
from jax.sharding import PartitionSpec as P


class Gather:
    def __init__(self, to):
        self.to = to

    def __call__(self, x):
        h = jax.lax.all_gather(x, "j", axis=1, tiled=True, to=self.to)
        return h.mean(axis=-1, keepdims=True)


def main(mesh, x):
    layer = Gather("reduced")

    def swap():
        nonlocal layer
        layer = Gather("invarying")

    layer = Gather("reduced")
    swap()
    return jax.shard_map(layer, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None))(x)
