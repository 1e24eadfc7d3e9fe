import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

LAYOUT = {"x": P(("i", "j"), None), "y": P("i", None)}
GATHER = {"x": P("j", None), "y": P(None, None, reduced={"i"})}
KEYS = ("y", "x")


def batches(mesh, table, steps=2):
    for step in range(steps):
        yield {k: jax.make_array_from_process_local_data(NamedSharding(mesh, LAYOUT[k]), table[step * 8:step * 8 + 8])
               for k in LAYOUT}


def run(mesh, x):
    table = np.concatenate([np.asarray(x), np.asarray(x)])
    out = []
    with jax.set_mesh(mesh):
        for batch in batches(mesh, table):
            out.append({k: top_level_all_gather(batch[k], GATHER[k]) for k in KEYS})  # SF104
        for batch in batches(mesh, table, steps=1):
            out.append([top_level_all_gather(batch[k], P(None, None)) for k in ("y",)])  # SF104
        placed = jax.device_put({"a": x, "b": x}, {"a": NamedSharding(mesh, P("j", None)),
                                                  "b": NamedSharding(mesh, P(None, "i"))})
        out.append([top_level_all_gather(placed[k], P("i", None)) for k in ["a"]])  # SF104
    return out
