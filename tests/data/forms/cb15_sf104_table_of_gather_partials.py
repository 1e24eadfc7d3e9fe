"""The gather is called through a table of `functools.partial(top_level_all_gather,
out_sharding=...)` entries, picked by key in a dict comprehension over the arrays' items; the
`values` entry's out spec is not a prefix of its input's."""
import functools

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

EXPORTERS = {
    "values": functools.partial(top_level_all_gather, out_sharding=P("j", None, reduced={"i"})),
    "indices": functools.partial(top_level_all_gather, out_sharding=P(None, reduced={"i"})),
}


def export(arrays):
    return {name: EXPORTERS[name](arr) for name, arr in arrays.items()}  # SF104


def main(mesh, x):
    with jax.set_mesh(mesh):
        arrays = {
            "indices": jax.device_put(np.arange(8, dtype=np.int32), NamedSharding(mesh, P("i"))),
            "values": jax.device_put(np.asarray(x), NamedSharding(mesh, P("i", "j"))),
        }
        return export(arrays)
