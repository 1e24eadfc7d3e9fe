"""Near miss of ci1: the factory's parameter `to` has the name of a module constant holding
'reduced', but this call gives 'invarying': the object's gather is to 'invarying', the mean is
fine. The constructor's arguments are the factory's parameters, not the module's names."""
import jax
from jax.sharding import PartitionSpec as P

to = "reduced"


class GatheredNorm:
    def __init__(self, gather_axis, to):
        self.gather_axis, self.to = gather_axis, to

    def __call__(self, x):
        h = jax.lax.all_gather(x, self.gather_axis, axis=1, to=self.to, tiled=True)
        return h.mean(axis=-1, keepdims=True)


def create(name, gather_axis, to):
    if not name:
        raise ValueError("a layer needs a name")
    return GatheredNorm(gather_axis, to)


def main(mesh, x):
    norm = create("norm", "j", to="invarying")
    return jax.shard_map(norm, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)
