import functools

import jax
from jax.sharding import PartitionSpec as P


class SPLayerNorm:
    def __init__(self, sp_axis, eps=1e-5):
        self.sp_axis = sp_axis
        self.eps = eps

    def __call__(self, x):
        full = jax.lax.all_gather(x, self.sp_axis, axis=0, tiled=True, to="reduced")
        centered = full - full.mean(axis=-1, keepdims=True)  # SF106
        return centered * jax.lax.rsqrt((centered * centered).mean(axis=-1, keepdims=True) + self.eps)


NORMS = {"sp": functools.partial(SPLayerNorm, "j"), "none": None}


def main(mesh, x):
    norm = NORMS["sp"]()
    return jax.shard_map(norm, mesh=mesh, in_specs=P(("i", "j"), None), out_specs=P(("i", "j"), None))(x)
