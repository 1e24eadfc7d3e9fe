"""SCF total energy: band energies summed over the basis axis, then over the whole mesh."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    eps = np.linspace(-3, 1, 64, dtype=np.float32).reshape(8, 8)
    occ = (eps < -1).astype(np.float32) * 2.0
    return eps, occ


def band_energy(eps, occ, basis_axis):
    return jax.lax.psum(jnp.sum(eps * occ, axis=1), basis_axis)


def main(eps, occ):
    mesh = jax.make_mesh((2, 4), ("kpt", "basis"))
    spec = P("kpt", "basis")
    eps = jax.device_put(eps, NamedSharding(mesh, spec))
    occ = jax.device_put(occ, NamedSharding(mesh, spec))

    def energy(e, o):
        e_band = band_energy(e, o, "basis")
        weights = jnp.full_like(e_band, 1.0 / 8)
        return jax.lax.psum(jnp.sum(weights * e_band), mesh.axis_names)

    f = jax.shard_map(energy, mesh=mesh, in_specs=(spec, spec), out_specs=P())
    return f(eps, occ)


if __name__ == "__main__":
    print(main(*inputs()))
