"""AlphaFold-like outer-product mean: MSA features averaged over sequences, scattered over (seq, res)."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class MeshAxes(NamedTuple):
    seq: str
    res: str


AX = MeshAxes("seq", "res")


def outer_product_mean(msa):
    n = msa.shape[0]
    return jnp.einsum("sic,sjc->ij", msa, msa) / n


def inputs():
    return (np.random.default_rng(31).normal(size=(8, 8, 4)).astype(np.float32),)


def main(msa):
    mesh = jax.make_mesh((2, 4), tuple(AX))
    spec = P(AX.seq, None, AX.res)
    msa = jax.device_put(msa, NamedSharding(mesh, spec))

    def opm(m):
        local = outer_product_mean(m)
        pair = jax.lax.pmean(local, AX.seq)
        return jax.lax.psum_scatter(pair, tuple(AX), scatter_dimension=0, tiled=True)

    return jax.shard_map(opm, mesh=mesh, in_specs=spec, out_specs=P(tuple(AX), None))(msa)


if __name__ == "__main__":
    print(main(*inputs()))
