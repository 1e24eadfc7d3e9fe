"""MAE with norm_pix_loss: the pixel targets of each patch are joined over the patch axis, and
their per-patch sums averaged over it for the normalisation statistics."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

PATCH_AXIS = "patch"


def join_pixels(target, axis_name):
    return jax.lax.all_gather(target, axis_name, axis=1, tiled=True, to="reduced")


def patch_sums(target, *, axis_name=PATCH_AXIS):
    pixels = join_pixels(target, axis_name)
    sums = jnp.sum(pixels, axis=-1, keepdims=True)
    return jax.lax.pmean(sums, axis_name)


def inputs():
    return (np.random.default_rng(22).normal(size=(8, 48)).astype(np.float32),)


def main(target):
    mesh = jax.make_mesh((2, 4), ("batch", PATCH_AXIS))
    target = jax.device_put(target, NamedSharding(mesh, P("batch", PATCH_AXIS)))
    body = functools.partial(patch_sums, axis_name=PATCH_AXIS)
    return jax.shard_map(body, mesh=mesh, in_specs=P("batch", PATCH_AXIS),
                         out_specs=P("batch", None))(target)


if __name__ == "__main__":
    main(*inputs())
