"""Save the density grid of a power-spectrum run, one ky pencil per writer."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class GridLayouts(NamedTuple):
    fft: P
    writer: P


LAYOUTS = GridLayouts(fft=P(("kx", "ky"), None), writer=P("ky", None))


def density_contrast(rho):
    return rho / rho.mean() - 1.0


def main(rho):
    mesh = jax.make_mesh((2, 4), ("kx", "ky"))
    with jax.set_mesh(mesh):
        rho = jax.device_put(rho, NamedSharding(mesh, LAYOUTS.fft))
        delta = density_contrast(rho)
        return top_level_all_gather(delta, LAYOUTS.writer)


def inputs():
    rng = np.random.default_rng(43)
    return (rng.lognormal(0.0, 0.5, (32, 16)).astype(np.float32),)


if __name__ == "__main__":
    main(*inputs())
