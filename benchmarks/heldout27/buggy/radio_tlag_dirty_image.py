"""Dirty image handed to the FITS writer: the imaging layout is read from the imager's TOML."""
import tomllib

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

IMAGER_TOML = """
[layout]
image = [["l", "m"], "freq"]
fits = ["m", "freq"]
"""


def spec(entries):
    return P(*(tuple(e) if isinstance(e, list) else e for e in entries))


def write_fits(image, layout):
    return top_level_all_gather(image, spec(layout["fits"]))


def inputs():
    rng = np.random.default_rng(63)
    return (rng.normal(size=(32, 4)).astype(np.float32),)


def main(image):
    layout = tomllib.loads(IMAGER_TOML)["layout"]
    mesh = jax.make_mesh((2, 2, 2), ("l", "m", "freq"))
    image = jax.device_put(image, NamedSharding(mesh, spec(layout["image"])))
    with jax.set_mesh(mesh):
        return write_fits(image, layout)


if __name__ == "__main__":
    print(main(*inputs()))
