import functools

import jax
from jax.sharding import PartitionSpec as P


class Pooled:
    def __init__(self, scale=0.5):
        self.scale = scale

    def __call__(self, x, *, axis):
        r = jax.lax.all_gather(x * self.scale, axis, axis=1, tiled=True, to="reduced")
        jax.lax.psum(r, "j")  # SF103
        return x


def main(mesh, x):
    body = functools.partial(Pooled(), axis="j")
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)
