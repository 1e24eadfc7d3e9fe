"""VQ-VAE with a codebook sharded over devices; the codebook is exported for the prior model."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH_SHAPE = {"replica": 2, "code": 4}


def export_codebook(codebook):
    axes = []
    out = codebook
    for name in ("code", "replica"):
        axes.append(name)
        out = jax.lax.all_gather(out, tuple(axes), axis=0, tiled=True, to="reduced")
    return out


def inputs():
    rng = np.random.default_rng(7)
    return (rng.normal(size=(16, 4)).astype(np.float32),)


def main(codebook):
    mesh = jax.make_mesh(tuple(MESH_SHAPE.values()), tuple(MESH_SHAPE))
    spec = P(("replica", "code"), None)
    codebook = jax.device_put(codebook, NamedSharding(mesh, spec))
    f = jax.jit(jax.shard_map(export_codebook, mesh=mesh, in_specs=(spec,),
                              out_specs=P(None, None, reduced={"replica", "code"})))
    return f(codebook)
