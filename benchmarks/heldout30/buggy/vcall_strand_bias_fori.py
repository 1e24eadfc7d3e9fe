"""Strand-bias statistic accumulated over chromosome chunks in a fori_loop."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SITES, READS = "sites", "reads"
N_CHUNKS = 4


def strand_bias(fwd, rev):
    width = fwd.shape[0] // N_CHUNKS

    def chunk(i, acc):
        f = jax.lax.dynamic_slice_in_dim(fwd, i * width, width)
        r = jax.lax.dynamic_slice_in_dim(rev, i * width, width)
        f_tot = jax.lax.psum(f.sum(axis=1), READS)
        r_tot = jax.lax.psum(r.sum(axis=1), READS)
        skew = jnp.abs(f_tot - r_tot) / (f_tot + r_tot + 1.0)
        return acc + jax.lax.psum(skew.sum(), (SITES, READS))

    return jax.lax.fori_loop(0, N_CHUNKS, chunk, jnp.zeros(()))


def inputs():
    rng = np.random.default_rng(47)
    return (rng.integers(0, 5, (32, 8)).astype(np.float32),
            rng.integers(0, 5, (32, 8)).astype(np.float32))


def main(fwd, rev):
    mesh = jax.make_mesh((2, 4), (SITES, READS))
    spec = P(SITES, READS)
    fwd = jax.device_put(fwd, NamedSharding(mesh, spec))
    rev = jax.device_put(rev, NamedSharding(mesh, spec))
    fn = jax.shard_map(strand_bias, mesh=mesh, in_specs=(spec, spec), out_specs=P())
    return fn(fwd, rev)


if __name__ == "__main__":
    print(main(*inputs()))
