"""Satellite imagery: NDVI from the red and near-infrared bands of a band-split stack.

Band roles are looked up by name in the product's band string; the band stack
is made whole on every device before the ratio.
"""
import re

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

GRID = "row[2] col[2] band[2]"
BANDS = "B02 B03 B04 B08"
NDVI = "(B08-B04)/(B08+B04)"


def grid_mesh(text):
    found = re.findall(r"(\w+)\[(\d+)\]", text)
    return jax.make_mesh(tuple(int(n) for _, n in found), tuple(a for a, _ in found))


def ndvi_body(t, band_axis):
    names = BANDS.split()
    nir_name, red_name = re.match(r"\((\w+)-(\w+)\)", NDVI).groups()
    stack = jax.lax.all_gather(t, band_axis, axis=2, tiled=True, to="invarying")
    nir = stack[:, :, names.index(nir_name)]
    red = stack[:, :, names.index(red_name)]
    return (nir - red) / (nir + red + 1e-6)


def inputs():
    rng = np.random.default_rng(56)
    return (rng.random(size=(8, 8, 4)).astype(np.float32),)


def main(scene):
    mesh = grid_mesh(GRID)
    r, c, b = mesh.axis_names
    scene = jax.device_put(scene, NamedSharding(mesh, P(r, c, b)))
    ndvi = jax.shard_map(lambda t: ndvi_body(t, b), mesh=mesh, in_specs=P(r, c, b),
                         out_specs=P(r, c))(scene)
    print("ndvi", ndvi.shape, float(ndvi.mean()))
    return ndvi


if __name__ == "__main__":
    main(*inputs())
