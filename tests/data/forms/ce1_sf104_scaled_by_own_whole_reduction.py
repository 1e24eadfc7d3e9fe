"""A placed array scaled by its own whole reductions (`rho / rho.mean() - 1.0`,
`(w - w.mean()) / jnp.std(w)`): the rank-0 results broadcast without moving the array's layout."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

FFT = P(("i", "j"), None)


def contrast(rho):
    return rho / rho.mean() - 1.0


def standardise(w):
    return (w - w.mean()) / jnp.std(w)


def main(mesh, x):
    with jax.set_mesh(mesh):
        rho = jax.device_put(np.asarray(x), NamedSharding(mesh, FFT))
        delta = contrast(rho)
        z = standardise(rho)
        top_level_all_gather(z, P("j", None))  # SF104
        return top_level_all_gather(delta, P("j", None))  # SF104
