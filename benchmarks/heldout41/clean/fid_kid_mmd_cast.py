"""Kernel Inception Distance: polynomial-kernel MMD between real and generated features."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def make_kid(feature_axis, axes, degree=3):
    dot = lambda a, b: jax.lax.psum(a @ b.T, feature_axis)
    kernel = lambda a, b: (dot(a, b) / 8.0 + 1.0) ** degree
    mmd_sum = lambda kxx, kyy, kxy: jax.lax.psum(
        jax.lax.pcast((kxx + kyy - 2.0 * kxy).sum(), feature_axis, to="varying"), axes)

    def kid(real, fake):
        return mmd_sum(kernel(real, real), kernel(fake, fake), kernel(real, fake))
    return kid


def inputs():
    rng = np.random.default_rng(31)
    return (rng.standard_normal((8, 8)).astype(np.float32),
            rng.standard_normal((8, 8)).astype(np.float32) + 0.1)


def main(real, fake):
    mesh = jax.make_mesh((2, 4), ("data", "feat"))
    spec = P("data", "feat")
    real = jax.device_put(real, NamedSharding(mesh, spec))
    fake = jax.device_put(fake, NamedSharding(mesh, spec))
    kid = make_kid("feat", ("data", "feat"))
    return jax.shard_map(kid, mesh=mesh, in_specs=(spec, spec), out_specs=P())(real, fake)


if __name__ == "__main__":
    main(*inputs())
