"""Binned map: signal accumulated per pixel divided by the hit counts."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

NPIX = 16


def accumulate(tod, pixels):
    onehot = jax.nn.one_hot(pixels, NPIX)
    return jnp.einsum("dt,dtp->dp", tod, onehot), onehot.sum(axis=1)


def make_binner(det_axis, scan_axis):
    def bin_map(tod, pixels):
        signal, hits = accumulate(tod, pixels)
        signal = jax.lax.all_gather(signal, scan_axis, axis=0, tiled=True, to="reduced")
        hits = jax.lax.all_gather(hits, scan_axis, axis=0, tiled=True, to="invarying")
        return jnp.where(hits > 0, signal / jnp.maximum(hits, 1.0), 0.0)
    return bin_map


def inputs():
    rng = np.random.default_rng(65)
    return rng.normal(size=(8, 64)).astype(np.float32), rng.integers(0, NPIX, (8, 64)).astype(np.int32)


def main(tod, pixels):
    mesh = jax.make_mesh((2, 4), ("det", "scan"))
    s = NamedSharding(mesh, P("det", "scan"))
    f = jax.shard_map(make_binner("det", "scan"), mesh=mesh, in_specs=(P("det", "scan"),) * 2,
                      out_specs=P("det", None))
    return f(jax.device_put(tod, s), jax.device_put(pixels, s))


if __name__ == "__main__":
    main(*inputs())
