"""A layer class handed through a factory (timm's `get_norm_act_layer(GatheredNormAct, ...)`,
returning `partial(cls, ...)` or the class) into a block whose __init__ builds it from its
parameter: every object of the class is built there, so its `__call__` is judged."""
import functools

import jax
from jax.sharding import PartitionSpec as P


class GatheredNorm:
    def __init__(self, num_features, scale=2.0, axis_name="i"):
        self.scale = scale
        self.axis_name = axis_name

    def __call__(self, x):
        full = jax.lax.all_gather(x, self.axis_name, axis=0, tiled=True, to="reduced")
        return jax.lax.psum(full, self.axis_name)  # SF103


def get_norm_layer(norm_layer, scale=None):
    return functools.partial(norm_layer, scale=scale) if scale else norm_layer


class Block:
    def __init__(self, chs, norm_layer):
        self.norm = norm_layer(chs)

    def __call__(self, x):
        return self.norm(x)


def main(mesh, x):
    norm = get_norm_layer(GatheredNorm, scale=3.0)
    block = Block(16, norm)
    return jax.shard_map(block, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j"))(x)
