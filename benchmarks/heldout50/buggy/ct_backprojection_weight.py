"""Per-slice backprojection weights for an FDK-like cone-beam reconstruction."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = ("angle", "det")


def slice_weight(proj, *, det_axis="det", reduce_axes=AXES):
    per_angle = jax.lax.psum(proj.sum(axis=-1), det_axis)
    return jax.lax.psum(per_angle.sum(), reduce_axes)


def backproject_all(stack):
    weights = []
    for z in range(stack.shape[0]):
        weights.append(slice_weight(stack[z]))
    return jnp.stack(weights)


def inputs():
    rng = np.random.default_rng(14)
    return (rng.uniform(size=(3, 32, 16)).astype(np.float32),)


def main(stack):
    mesh = jax.make_mesh((4, 2), AXES)
    stack = jax.device_put(stack, NamedSharding(mesh, P(None, *AXES)))
    f = jax.shard_map(backproject_all, mesh=mesh, in_specs=P(None, *AXES), out_specs=P())
    return f(stack)


if __name__ == "__main__":
    main(*inputs())
