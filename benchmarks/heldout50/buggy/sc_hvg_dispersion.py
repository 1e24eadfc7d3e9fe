"""Highly-variable-gene selection with a registry of dispersion flavours (seurat, cell_ranger)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

FLAVORS = {}


def flavor(name):
    def register(fn):
        FLAVORS[name] = fn
        return fn
    return register


@flavor("seurat")
def seurat_dispersion(block, axes=("cells", "genes")):
    cell_axis, gene_axis = axes
    mu = block.mean(axis=0, keepdims=True)
    var = ((block - mu) ** 2).mean(axis=0, keepdims=True)
    disp = jnp.log(var / (mu + 1e-6) + 1e-6)
    by_cell_shard = jax.lax.all_gather(disp, cell_axis, axis=0, tiled=True, to="reduced")
    return jax.lax.all_gather(by_cell_shard, axes, axis=1, tiled=True, to="reduced")


@flavor("cell_ranger")
def cell_ranger_dispersion(block, axes=("cells", "genes")):
    mu = block.mean(axis=0, keepdims=True)
    return jax.lax.all_gather(mu, axes, axis=1, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(1)
    return (np.log1p(rng.poisson(2.0, size=(64, 16))).astype(np.float32),)


def main(expr, flavour="seurat"):
    mesh = jax.make_mesh((4, 2), ("cells", "genes"))
    expr = jax.device_put(expr, NamedSharding(mesh, P("cells", "genes")))
    fn = FLAVORS[flavour]
    dispersions = jax.shard_map(fn, mesh=mesh, in_specs=P("cells", "genes"),
                                out_specs=P(None, None, reduced={"cells", "genes"}))(expr)
    return dispersions


if __name__ == "__main__":
    main(*inputs())
