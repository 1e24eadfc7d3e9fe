"""Write a coadded mosaic: the layout of each HDU comes from a FITS-header-like table."""
import argparse

import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

HDU_LAYOUT = {
    "SCI": P(("ra", "dec"), None),
    "WHT": P("ra", "dec"),
}
EXPORT_LAYOUT = {
    "SCI": P("dec", None, reduced={"ra"}),
    "WHT": P("ra", None, reduced={"dec"}),
}


def place(hdus, mesh):
    return {name: jax.device_put(arr, NamedSharding(mesh, HDU_LAYOUT[name]))
            for name, arr in hdus.items()}


def main(sci, wht, mesh, argv=()):
    parser = argparse.ArgumentParser()
    parser.add_argument("--hdu", default="SCI")
    args = parser.parse_args(list(argv))
    hdus = place({"SCI": sci, "WHT": wht}, mesh)
    with jax.set_mesh(mesh):
        mosaic = top_level_all_gather(hdus[args.hdu], EXPORT_LAYOUT[args.hdu])
        weight = top_level_all_gather(hdus["WHT"], EXPORT_LAYOUT["WHT"])
    return mosaic, weight


def inputs():
    mesh = jax.make_mesh((2, 4), ("ra", "dec"))
    return jnp.ones((16, 8)), jnp.ones((16, 8)), mesh


if __name__ == "__main__":
    import sys
    print(main(*inputs(), argv=sys.argv[1:]))
