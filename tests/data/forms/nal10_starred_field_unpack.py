"""Near miss of al13: a starred unpack (`self.first, *self.rest = axes`) gathers over the rest,
which is varying there, once."""
import jax
from jax.sharding import PartitionSpec as P


class Gatherer:
    def __init__(self, axes=("i", "j")):
        self.first, *self.rest = axes

    def __call__(self, x):
        return jax.lax.all_gather(x, tuple(self.rest), axis=1, tiled=True, to="reduced")


def run(mesh, x):
    return jax.shard_map(Gatherer(), mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None, reduced={"j"}))(x)
