"""RAFT correlation pyramid: each level pooled from the one above, pixels sharded."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def build_pyramid(corr, pixel_axis, levels=3):
    pyramid = [jax.lax.all_gather(corr, pixel_axis, axis=2, tiled=True, to="reduced")]
    for _ in range(levels - 1):
        prev = pyramid[-1]
        pooled = prev.reshape(prev.shape[0], prev.shape[1], -1, 2).sum(-1)
        pyramid.append(pooled)
    return pyramid


def lookup_body(corr, axes):
    pyramid = build_pyramid(corr, axes[-1])
    coarsest = jax.lax.all_gather(pyramid[-1], axes, axis=0, tiled=True, to="reduced")
    return coarsest


def main(corr):
    mesh = jax.make_mesh((4, 2), ("batch", "pix"))
    axes = mesh.axis_names
    corr = jax.device_put(corr, NamedSharding(mesh, P(axes[0], None, axes[1])))
    fn = jax.shard_map(lambda c: lookup_body(c, axes), mesh=mesh,
                       in_specs=P(axes[0], None, axes[1]),
                       out_specs=P(None, None, None, reduced=set(axes)))
    return fn(corr)


def inputs():
    return (np.random.default_rng(1).standard_normal((8, 6, 32), dtype=np.float32),)
