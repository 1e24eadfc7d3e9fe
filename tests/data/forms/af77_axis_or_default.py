import jax
from jax.sharding import PartitionSpec as P


class Sync:
    def __init__(self, axis=None):
        self.axis = axis or "i"

    def __call__(self, x):
        total = jax.lax.psum(x, self.axis)
        return jax.lax.all_gather(total, self.axis, axis=0, tiled=True, to="reduced")  # SF101


def run(mesh, x):
    return jax.shard_map(Sync(), mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j", reduced={"i"}))(x)
