"""Mean local energy of the wavefunction, with the mesh-wide sum bound once as a partial."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = ("walkers", "terms")
global_sum = functools.partial(jax.lax.psum, axis_name=AXES)


def hamiltonian_terms(e_terms):
    return jax.lax.psum(e_terms.sum(axis=1), AXES[1])


def mean_energy(e_terms):
    e_loc = hamiltonian_terms(e_terms)
    n = global_sum(jnp.ones(()))
    mean = global_sum(e_loc.sum()) / n
    return mean


def inputs():
    rng = np.random.default_rng(137)
    return (rng.normal(-0.5, 0.2, (32, 8)).astype(np.float32),)


def main(e_terms):
    mesh = jax.make_mesh((4, 2), AXES)
    e_terms = jax.device_put(e_terms, NamedSharding(mesh, P(*AXES)))
    fn = jax.shard_map(mean_energy, mesh=mesh, in_specs=P(*AXES), out_specs=P())
    return fn(e_terms)


if __name__ == "__main__":
    print(main(*inputs()))
