"""A lambda that would divide a reduced value is stored on the object but never called."""
import jax
from jax.sharding import PartitionSpec as P


class Pool:
    def __init__(self, scale=2.0):
        self.scale = scale
        self.rescale = lambda v: v / self.scale

    def body(self, x):
        return jax.lax.all_gather(x, "j", axis=1, tiled=True, to="reduced")


def run(mesh, x):
    return jax.shard_map(Pool().body, mesh=mesh, in_specs=P(None, "j"), out_specs=P(None, None, reduced={"j"}))(x)
