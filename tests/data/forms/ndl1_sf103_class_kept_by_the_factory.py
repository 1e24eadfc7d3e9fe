"""The same factory also keeps the class in a list: where else objects of it are built is not
followed, so the body is not judged."""
import functools

import jax
from jax.sharding import PartitionSpec as P

KEPT = []


class GatheredNorm:
    def __init__(self, num_features, scale=2.0, axis_name="i"):
        self.scale = scale
        self.axis_name = axis_name

    def __call__(self, x):
        full = jax.lax.all_gather(x, self.axis_name, axis=0, tiled=True, to="reduced")
        return jax.lax.psum(full, self.axis_name)


def get_norm_layer(norm_layer, scale=None):
    KEPT.append(norm_layer)
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
