"""Toy Kohn-Sham SCF step: orbitals sharded over basis functions, occupations over k-points."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_ELECTRONS = 8.0


def inputs():
    rng = np.random.default_rng(0)
    return (rng.standard_normal((8, 16)).astype(np.float32),)


def density_step(coeffs):
    occ = jax.nn.sigmoid(coeffs)
    n_local = jnp.sum(occ * occ, axis=1, keepdims=True)
    n_total = jax.lax.psum(n_local, "kpt")
    scale = N_ELECTRONS / jnp.maximum(n_total, 1e-6)
    return occ * scale, n_total


def main(coeffs):
    mesh = jax.make_mesh((2, 4), ("kpt", "basis"))
    coeffs = jax.device_put(coeffs, NamedSharding(mesh, P("kpt", "basis")))

    def body(c):
        dens, n_total = density_step(c)
        counts = jax.lax.all_gather(n_total, "kpt", axis=0, tiled=True, to="reduced")
        return dens, counts

    f = jax.shard_map(body, mesh=mesh, in_specs=P("kpt", "basis"),
                      out_specs=(P("kpt", "basis"), P(None, "basis", reduced={"kpt"})))
    return jax.jit(f)(coeffs)


if __name__ == "__main__":
    print(main(*inputs()))
