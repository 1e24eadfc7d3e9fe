"""Near misses of cb15: the failing entry is replaced before the export (by a valid partial), and
a table entry called with its own valid `out_sharding=` over the partial's."""
import functools

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

EXPORTERS = {
    "values": functools.partial(top_level_all_gather, out_sharding=P("j", None, reduced={"i"})),
    "indices": functools.partial(top_level_all_gather, out_sharding=P(None, reduced={"i"})),
}
KEPT = {
    "values": functools.partial(top_level_all_gather, out_sharding=P("j", None, reduced={"i"})),
}


def export(arrays):
    return {name: EXPORTERS[name](arr) for name, arr in arrays.items()}


def export_kept(arrays):
    return {name: KEPT[name](arr, out_sharding=P("i", None, reduced={"j"})) for name, arr in arrays.items()}


def main(mesh, x):
    EXPORTERS["values"] = functools.partial(top_level_all_gather, out_sharding=P("i", None, reduced={"j"}))
    with jax.set_mesh(mesh):
        arrays = {
            "indices": jax.device_put(np.arange(8, dtype=np.int32), NamedSharding(mesh, P("i"))),
            "values": jax.device_put(np.asarray(x), NamedSharding(mesh, P("i", "j"))),
        }
        return export(arrays), export_kept({"values": arrays["values"]})
