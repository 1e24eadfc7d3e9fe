"""CAPPI product on a polar grid, handed to the product server in its own layout."""
import os

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

SCAN_AXES = ("azimuth", "gate")
PRODUCT_AXIS = os.environ.get("RADAR_PRODUCT_AXIS", "gate")


def cappi(volume, weights):
    return jnp.einsum("eag,e->ag", volume, weights)


def product_layout():
    return P(PRODUCT_AXIS, None, reduced={"azimuth"})


def make_product(mesh, volume, weights):
    scan = NamedSharding(mesh, P(None, *SCAN_AXES))
    volume = jax.device_put(volume, scan)
    weights = jax.device_put(weights, NamedSharding(mesh, P()))
    grid = jax.jit(cappi, out_shardings=NamedSharding(mesh, P(*SCAN_AXES)))(volume, weights)
    with jax.set_mesh(mesh):
        return top_level_all_gather(grid, product_layout())


def inputs():
    rng = np.random.default_rng(43)
    volume = rng.normal(20.0, 10.0, size=(3, 16, 32)).astype(np.float32)
    weights = np.array([0.2, 0.5, 0.3], np.float32)
    return volume, weights


def main(volume, weights):
    mesh = jax.make_mesh((4, 2), SCAN_AXES)
    return make_product(mesh, volume, weights)


if __name__ == "__main__":
    main(*inputs())
