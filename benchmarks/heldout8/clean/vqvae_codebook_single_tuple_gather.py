"""VQ-VAE codebook export in one gather over both axes of the flattened shard layout."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH_SHAPE = {"replica": 2, "code": 4}


def export_codebook(codebook):
    return jax.lax.all_gather(codebook, tuple(MESH_SHAPE), axis=0, tiled=True, to="reduced")


def inputs():
    return (np.random.default_rng(43).normal(size=(16, 4)).astype(np.float32),)


def main(codebook):
    mesh = jax.make_mesh(tuple(MESH_SHAPE.values()), tuple(MESH_SHAPE))
    spec = P(("replica", "code"), None)
    codebook = jax.device_put(codebook, NamedSharding(mesh, spec))
    f = jax.jit(jax.shard_map(export_codebook, mesh=mesh, in_specs=(spec,),
                              out_specs=P(None, None, reduced={"replica", "code"})))
    return f(codebook)
