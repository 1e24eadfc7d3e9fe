"""VICReg invariance term: the two branches' features are collected over the feature shards to a
varying value, and the squared distance summed over the mesh."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DATA, FEAT = "data", "feat"


class Invariance:
    axes = (DATA, FEAT)

    @staticmethod
    def features(z):
        return jax.lax.all_gather(z, FEAT, axis=1, tiled=True)

    @classmethod
    def loss(cls, z1, z2):
        d = cls.features(z1) - cls.features(z2)
        return jax.lax.psum(jnp.sum(d * d), cls.axes)


def inputs():
    rng = np.random.default_rng(54)
    return rng.normal(size=(16, 32)).astype(np.float32), rng.normal(size=(16, 32)).astype(np.float32)


def main(z1, z2):
    mesh = jax.make_mesh((2, 4), Invariance.axes)
    spec = P(*Invariance.axes)
    z1, z2 = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (z1, z2))
    return jax.shard_map(Invariance.loss, mesh=mesh, in_specs=(spec, spec), out_specs=P())(z1, z2)


if __name__ == "__main__":
    main(*inputs())
