"""Writes surface variables for a batch-sharded viewer; every export spec lists the gathered axis."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

SURFACE_VARS = ("msl", "u10", "v10", "t2m")
TRAIN_SPECS = {name: P("batch", "lon") for name in SURFACE_VARS}
EXPORT_SPECS = {name: P("batch", None, reduced={"lon"}) for name in SURFACE_VARS}


def place(mesh, fields):
    return {name: jax.device_put(arr, NamedSharding(mesh, TRAIN_SPECS[name])) for name, arr in fields.items()}


def export_surface(fields):
    out = {}
    for name, arr in fields.items():
        out[name] = top_level_all_gather(arr, EXPORT_SPECS[name])
    return out


def inputs():
    rng = np.random.default_rng(5)
    return ({name: rng.standard_normal((4, 16)).astype(np.float32) for name in SURFACE_VARS},)


def main(fields):
    mesh = jax.make_mesh((2, 4), ("batch", "lon"))
    with jax.set_mesh(mesh):
        return export_surface(place(mesh, fields))


if __name__ == "__main__":
    main(*inputs())
