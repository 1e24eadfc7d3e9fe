"""A placed array scaled by its own whole reduction, gathered to a prefix of its layout that lists
the gathered axis in `reduced=`: JAX accepts it."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

FFT = P(("i", "j"), None)


def contrast(rho):
    return rho / rho.mean() - 1.0


def main(mesh, x):
    with jax.set_mesh(mesh):
        rho = jax.device_put(np.asarray(x), NamedSharding(mesh, FFT))
        delta = contrast(rho)
        return top_level_all_gather(delta, P("i", None, reduced={"j"}))
