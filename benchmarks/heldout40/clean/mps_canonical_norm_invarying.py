"""Norm of a matrix-product state, shared by every bond block for canonicalisation."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class MPS:
    SITE_AXIS = "site"
    BOND_AXIS = "bond"

    def __init__(self, tensors):
        self.tensors = tensors

    @classmethod
    def spec(cls):
        return P(cls.SITE_AXIS, cls.BOND_AXIS)

    @classmethod
    def block_norm(cls, tensors):
        local = jnp.sum(tensors * tensors)
        norm = jax.lax.psum(local, cls.BOND_AXIS)
        return jax.lax.all_gather(jnp.sqrt(norm)[None], cls.BOND_AXIS, tiled=True, to="invarying")


def inputs():
    rng = np.random.default_rng(0)
    return (rng.normal(size=(8, 16)).astype(np.float32),)


def main(tensors):
    mesh = jax.make_mesh((4, 2), (MPS.SITE_AXIS, MPS.BOND_AXIS))
    psi = MPS(jax.device_put(tensors, NamedSharding(mesh, MPS.spec())))
    norms = jax.shard_map(MPS.block_norm, mesh=mesh, in_specs=MPS.spec(),
                          out_specs=P(MPS.SITE_AXIS))
    return norms(psi.tensors)


if __name__ == "__main__":
    main(*inputs())
