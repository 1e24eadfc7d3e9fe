"""Shot-noise level 1/nbar from galaxy counts binned on the Fourier grid's pencils."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH_AXES = ("kx", "ky")
SURVEY = {"volume": 1.0e9, "reduce": MESH_AXES}


def counts_per_row(galaxies):
    return jax.lax.psum(galaxies.sum(axis=1), MESH_AXES[1])


def shot_noise(galaxies, survey=SURVEY):
    rows = counts_per_row(galaxies)
    n_total = jax.lax.psum(rows.sum(), axis_name=survey["reduce"])
    return survey["volume"] / n_total


def inputs():
    rng = np.random.default_rng(44)
    return (rng.poisson(5.0, (16, 16)).astype(np.float32),)


def main(galaxies):
    mesh = jax.make_mesh((2, 4), MESH_AXES)
    galaxies = jax.device_put(galaxies, NamedSharding(mesh, P(*MESH_AXES)))
    return jax.shard_map(shot_noise, mesh=mesh, in_specs=P(*MESH_AXES), out_specs=P())(galaxies)


if __name__ == "__main__":
    main(*inputs())
