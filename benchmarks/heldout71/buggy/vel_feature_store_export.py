"""Write the velocity feature table to the online / offline feature stores.

The online store serves per-window columns to the scoring fleet, the offline store takes the
table as the training job laid it out. Layouts per store are kept in one table.
"""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

JOB = {
    "mesh": {"shape": (4, 2), "axes": ("card", "window")},
    "sinks": "offline,online",
}

STORE_LAYOUTS = {
    "offline": P("card", "window"),
    "online": P(None, "window"),
}


# --- sharding utils -------------------------------------------------------------------------

def make_mesh(mesh_cfg):
    return jax.make_mesh(mesh_cfg["shape"], mesh_cfg["axes"])


def place(mesh, array, spec):
    return jax.device_put(array, NamedSharding(mesh, spec))


def inputs():
    rng = np.random.default_rng(6)
    return (rng.poisson(1.5, size=(32, 24)).astype(np.float32),)


def main(table):
    mesh = make_mesh(JOB["mesh"])
    table = place(mesh, table, STORE_LAYOUTS["offline"])
    written = {}
    with jax.set_mesh(mesh):
        for sink in JOB["sinks"].split(","):
            written[sink] = top_level_all_gather(table, STORE_LAYOUTS[sink])
    return written


if __name__ == "__main__":
    main(*inputs())
