"""Satellite imagery: export a flattened pixel table as a cloud-optimised GeoTIFF strip.

Pixels are laid out over all grid axes at once; the strip keeps the first grid
axis and replicates the others, as written in the export profile.
"""
import re

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

GRID = "row[2] col[2] band[2]"
PIXELS = "({row},{col},{band}) -"
STRIP = "{row} - ~{col},{band}"


def grid_mesh(text):
    found = re.findall(r"(\w+)\[(\d+)\]", text)
    return jax.make_mesh(tuple(int(n) for _, n in found), tuple(a for a, _ in found))


def parse(template, names):
    text = template.format(**dict(zip(("row", "col", "band"), names)))
    dims, reduced = [], set()
    for word in text.split():
        if word.startswith("~"):
            reduced |= set(word[1:].split(","))
        elif word == "-":
            dims.append(None)
        elif word.startswith("("):
            dims.append(tuple(word.strip("()").split(",")))
        else:
            dims.append(word)
    return P(*dims, reduced=reduced) if reduced else P(*dims)


def inputs():
    rng = np.random.default_rng(53)
    return (rng.random(size=(64, 3)).astype(np.float32),)


def main(pixels):
    mesh = grid_mesh(GRID)
    names = mesh.axis_names
    with jax.set_mesh(mesh):
        pixels = jax.device_put(pixels, NamedSharding(mesh, parse(PIXELS, names)))
        toa = jax.jit(lambda p: jnp.clip(p * 1.1, 0.0, 1.0))(pixels)
        strip = top_level_all_gather(toa, parse(STRIP, names))
        print(jax.typeof(strip))
    return strip


if __name__ == "__main__":
    main(*inputs())
