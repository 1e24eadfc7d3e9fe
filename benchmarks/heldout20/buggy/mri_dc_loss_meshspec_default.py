"""Data-consistency loss of an unrolled reconstruction, summed with a helper's default axes."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class MeshSpec(NamedTuple):
    shape: tuple = (2, 4)
    names: tuple = ("slice", "coil")


SPEC = MeshSpec()
mesh = jax.make_mesh(SPEC.shape, SPEC.names)


def total(x, axes=SPEC.names):
    return jax.lax.psum(x, axes)


def body(img, sens, kspace):
    pred = jnp.fft.fft(img[:, None, :] * sens, axis=-1)
    per_slice = jax.lax.psum(jnp.sum(jnp.abs(pred - kspace) ** 2), "coil")
    return total(per_slice)


def inputs():
    img = jax.random.normal(jax.random.key(64), (8, 32))
    sens = jax.random.normal(jax.random.key(65), (8, 8, 32))
    kspace = jax.random.normal(jax.random.key(66), (8, 8, 32))
    return (jax.device_put(img, NamedSharding(mesh, P("slice", None))),
            jax.device_put(sens, NamedSharding(mesh, P("slice", "coil", None))),
            jax.device_put(kspace, NamedSharding(mesh, P("slice", "coil", None))))


def main(img, sens, kspace):
    return jax.shard_map(body, mesh=mesh, in_specs=(P("slice", None), P("slice", "coil", None), P("slice", "coil", None)),
                         out_specs=P())(img, sens, kspace)
