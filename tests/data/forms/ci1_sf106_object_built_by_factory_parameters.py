"""A layer object made by a module factory from its own parameters (`return Norm(axis, to)`),
held by a name and used as the body: Python runs its `__call__` with the fields this call of the
factory gave, so the gather is to 'reduced' over 'j' and the mean divides a reduced value."""
import jax
from jax.sharding import PartitionSpec as P


class GatheredNorm:
    def __init__(self, gather_axis, to):
        self.gather_axis, self.to = gather_axis, to

    def __call__(self, x):
        h = jax.lax.all_gather(x, self.gather_axis, axis=1, to=self.to, tiled=True)
        return h.mean(axis=-1, keepdims=True)  # SF106


def create(name, gather_axis, to="reduced"):
    if not name:
        raise ValueError("a layer needs a name")
    return GatheredNorm(gather_axis, to)


def main(mesh, x):
    norm = create("norm", "j")
    return jax.shard_map(norm, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)
