"""SCF occupations: the electron count summed over k-points and shared as an invariant value."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.linspace(-2, 2, 128, dtype=np.float32).reshape(8, 16),)


def occupations(coeffs, kpt_axis="kpt"):
    occ = jax.nn.sigmoid(coeffs)
    n_local = jnp.sum(occ, axis=1, keepdims=True)
    n_total = jax.lax.psum(n_local, kpt_axis)
    counts = jax.lax.all_gather(n_total, kpt_axis, axis=0, tiled=True, to="invarying")
    return occ * (8.0 / jnp.sum(counts)), counts


def main(coeffs):
    mesh = jax.make_mesh((2, 4), ("kpt", "basis"))
    coeffs = jax.device_put(coeffs, NamedSharding(mesh, P("kpt", "basis")))
    f = jax.shard_map(occupations, mesh=mesh, in_specs=P("kpt", "basis"),
                      out_specs=(P("kpt", "basis"), P(None, "basis")))
    return f(coeffs)


if __name__ == "__main__":
    print(main(*inputs()))
