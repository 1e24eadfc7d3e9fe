"""Near misses of ca7: the comprehension's value depends on the name (`v10` laid out by rows
only, so every gather is valid), and a filtered comprehension is not read."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

NAMES = ("msl", "u10", "v10")
ROWS = {"v10"}
TRAIN_SPECS = {name: P("i", None) if name in ROWS else P("i", "j") for name in NAMES}
FILTERED = {name: P("i", "j") for name in NAMES if name not in ROWS}
EXPORT_SPECS = {"msl": P("i", None, reduced={"j"}), "u10": P("i", None, reduced={"j"}), "v10": P("i", None)}


def place(mesh, fields, specs):
    return {name: jax.device_put(arr, NamedSharding(mesh, specs.get(name, P("i", None))))
            for name, arr in fields.items()}


def export(fields):
    out = {}
    for name, arr in fields.items():
        out[name] = top_level_all_gather(arr, EXPORT_SPECS[name])
    return out


def main(mesh, x):
    fields = {name: np.asarray(x) for name in NAMES}
    with jax.set_mesh(mesh):
        return export(place(mesh, fields, TRAIN_SPECS)), export(place(mesh, fields, FILTERED))
