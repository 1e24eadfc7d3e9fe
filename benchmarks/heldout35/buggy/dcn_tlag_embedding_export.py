"""Export the DCN's concatenated sparse-feature embedding table to the serving layout."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

BINDINGS = {
    "train.mesh_shape": (2, 4),
    "train.mesh_axes": ("batch", "feature"),
    "train.table_layout": (("batch", "feature"), None),
    "export.table_layout": ("feature", None),
}


def layout(scope):
    return P(*BINDINGS[f"{scope}.table_layout"])


def export_table(table):
    return top_level_all_gather(table, layout("export"))


def inputs():
    return (np.arange(64 * 8, dtype=np.float32).reshape(64, 8),)


def main(table):
    mesh = jax.make_mesh(BINDINGS["train.mesh_shape"], BINDINGS["train.mesh_axes"])
    table = jax.device_put(table, NamedSharding(mesh, layout("train")))
    with jax.set_mesh(mesh):
        return export_table(table)


if __name__ == "__main__":
    print(main(*inputs()))
