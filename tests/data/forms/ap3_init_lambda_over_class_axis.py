"""A lambda stored in `__init__` closes over an axis name read from the class through `self`
(`axis = self.SEQ`): its psum meets a value gathered to reduced on that axis."""
import jax
from jax.sharding import PartitionSpec as P


class SeqReducer:
    SEQ = "j"

    def __init__(self):
        axis = self.SEQ
        self.total = lambda v: jax.lax.psum(v, axis)  # SF103

    def step(self, x):
        full = jax.lax.all_gather(x, self.SEQ, axis=1, tiled=True, to="reduced")
        return self.total(full)


def run(mesh, x):
    return jax.shard_map(SeqReducer().step, mesh=mesh, in_specs=P(None, "j"), out_specs=P())(x)
