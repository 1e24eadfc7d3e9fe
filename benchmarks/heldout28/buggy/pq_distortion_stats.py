"""Quantisation distortion of an index, reported over the whole database."""
import enum

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Axis(enum.Enum):
    DB = "shard"
    SUB = "sub"


class Index:
    def __init__(self, mesh):
        self.mesh = mesh

    @property
    def reduce_axes(self):
        return tuple(a.value for a in Axis)

    def distortion(self, x, recon):
        per_sub = jnp.sum((x - recon) ** 2, axis=-1)
        per_vector = jax.lax.psum(per_sub.sum(axis=1), axis_name=Axis.SUB.value)
        return jax.lax.psum(per_vector.sum(), axis_name=self.reduce_axes) / (x.shape[0] * 2)


def inputs():
    rng = np.random.default_rng(38)
    x = rng.normal(size=(16, 8, 2)).astype(np.float32)
    return (x, x + 0.1 * rng.normal(size=x.shape).astype(np.float32))


def main(x, recon):
    mesh = jax.make_mesh((2, 4), tuple(a.value for a in Axis))
    spec = P(Axis.DB.value, Axis.SUB.value, None)
    x, recon = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (x, recon))
    index = Index(mesh)
    return jax.shard_map(index.distortion, mesh=mesh, in_specs=(spec, spec), out_specs=P())(x, recon)


if __name__ == "__main__":
    print(main(*inputs()))
