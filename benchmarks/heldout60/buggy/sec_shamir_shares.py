"""Shamir-like secret shares of the mask seeds: shares are pooled, then the vector is reconstructed."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SECAGG = {"party_axis": "party", "chunk_axis": "chunk", "threshold": 3}


def pool_shares(shares, cfg=SECAGG):
    return jax.lax.all_gather(shares, cfg["party_axis"], axis=0, tiled=True, to="reduced")


def reconstruct(shares, cfg=SECAGG):
    pooled = pool_shares(shares, cfg)
    axes = (cfg["party_axis"], cfg["chunk_axis"])
    return jax.lax.all_gather(pooled, axes, axis=1, tiled=True, to="reduced")


def inputs():
    return (np.arange(4 * 8, dtype=np.float32).reshape(4, 8),)


def main(shares):
    axes = (SECAGG["party_axis"], SECAGG["chunk_axis"])
    mesh = jax.make_mesh((4, 2), axes)
    shares = jax.device_put(shares, NamedSharding(mesh, P(*axes)))
    fn = jax.shard_map(reconstruct, mesh=mesh, in_specs=P(*axes), out_specs=P(None, None, reduced=set(axes)))
    return fn(shares)


if __name__ == "__main__":
    main(*inputs())
