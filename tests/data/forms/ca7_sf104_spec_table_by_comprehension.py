"""A constant spec table built by a dict comprehension over a tuple of names (every name the same
spec); a parameter's dict placed by a comprehension over its items, gathered in a loop."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

NAMES = ("msl", "u10", "v10")
TRAIN_SPECS = {name: P("i", "j") for name in NAMES}
EXPORT_SPECS = {"msl": P("i", None, reduced={"j"}), "u10": P("i", None, reduced={"j"}), "v10": P("i", None)}


def place(mesh, fields):
    return {name: jax.device_put(arr, NamedSharding(mesh, TRAIN_SPECS[name])) for name, arr in fields.items()}


def export(fields):
    out = {}
    for name, arr in fields.items():
        out[name] = top_level_all_gather(arr, EXPORT_SPECS[name])  # SF104
    return out


def main(mesh, x):
    fields = {name: np.asarray(x) for name in NAMES}
    with jax.set_mesh(mesh):
        placed = place(mesh, fields)
        return export(placed)
