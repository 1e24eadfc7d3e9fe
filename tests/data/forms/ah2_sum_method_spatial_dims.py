"""Squeeze-style pooling over the two spatial dimensions of a 3-D activation (a method call with
a tuple of dimensions the way image code writes it), after a reduced gather of the channels."""
import jax
from jax.sharding import PartitionSpec as P


class Pool:
    axis = "i"

    def __call__(self, h):
        full = jax.lax.all_gather(h, self.axis, axis=0, tiled=True, to="reduced")
        squeezed = full.sum(axis=(1, 2))
        return jax.lax.psum(squeezed, self.axis)  # SF103


def run(mesh, x):
    act = jax.numpy.reshape(x, (8, 2, 4))
    return jax.shard_map(Pool(), mesh=mesh, in_specs=P("i"), out_specs=P())(act)
