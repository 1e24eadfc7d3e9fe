"""Cryo-EM CTF correction: the defocus table is shared, then applied to both half sets."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

WAVELENGTH = 0.0197  # angstrom at 300 kV
CS = 2.7e7


def inputs():
    defocus = np.linspace(1e4, 3e4, 16 * 4, dtype=np.float32).reshape(16, 4)
    freqs = np.linspace(0, 0.5, 16 * 4, dtype=np.float32).reshape(16, 4)
    return defocus, freqs


def apply_ctf(defocus_table, s2):
    phase = jnp.pi * WAVELENGTH * defocus_table * s2
    return jnp.sin(phase)


def main(defocus, freqs):
    mesh = jax.make_mesh((4, 2), ("micrographs", "half"))
    spec = P("micrographs", "half")
    defocus = jax.device_put(defocus, NamedSharding(mesh, spec))
    freqs = jax.device_put(freqs, NamedSharding(mesh, spec))

    def correct(d, f):
        table = jax.lax.all_gather(d, "micrographs", axis=0, tiled=True, to="reduced")
        s2 = jax.lax.all_gather(f * f, "micrographs", axis=0, tiled=True, to="reduced")
        even = apply_ctf(table, s2)
        aberration = apply_ctf(table, s2 * s2)
        return even, aberration

    out = P(None, "half", reduced={"micrographs"})
    fn = jax.shard_map(correct, mesh=mesh, in_specs=(spec, spec), out_specs=(out, out))
    return fn(defocus, freqs)
