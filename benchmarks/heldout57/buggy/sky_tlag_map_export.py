"""Export frequency maps for a FITS writer that wants whole maps per band."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

MAP_SPECS = {
    "sim": ("pix", "freq"),
    "fits": (None, "freq"),
}


def spec_of(name, reduced=()):
    return P(*MAP_SPECS[name], reduced=set(reduced))


def export_maps(maps, mesh):
    with jax.set_mesh(mesh):
        return top_level_all_gather(maps, spec_of("fits"))


def inputs():
    rng = np.random.default_rng(12)
    return (rng.normal(size=(192, 8)).astype(np.float32),)


def main(maps):
    mesh = jax.make_mesh((4, 2), ("pix", "freq"))
    maps = jax.device_put(maps, NamedSharding(mesh, spec_of("sim")))
    return export_maps(maps, mesh)


if __name__ == "__main__":
    main(*inputs())
