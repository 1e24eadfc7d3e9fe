"""Node coordinates of an unstructured mesh are placed once, partitioned over the element
ranks, and collected for writing a VTK file."""
import os

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

PART_AXIS = os.environ.get("FEM_PART_AXIS", "part")
DIM_AXIS = os.environ.get("FEM_DIM_AXIS", "dim")

NODE_LAYOUT = {
    "coords": P((PART_AXIS, DIM_AXIS), None),
    "ids": P((PART_AXIS, DIM_AXIS)),
}
EXPORT_LAYOUT = {
    "coords": P(DIM_AXIS, None, reduced={PART_AXIS}),
    "ids": P(None, reduced={PART_AXIS, DIM_AXIS}),
}


def place(mesh, arrays):
    return {k: jax.device_put(v, NamedSharding(mesh, NODE_LAYOUT[k])) for k, v in arrays.items()}


def inputs():
    coords = np.stack([np.linspace(0, 1, 16), np.linspace(1, 2, 16)], axis=1).astype(np.float32)
    return coords, np.arange(16, dtype=np.int32)


def main(coords, ids):
    mesh = jax.make_mesh((4, 2), (PART_AXIS, DIM_AXIS))
    placed = place(mesh, {"coords": coords, "ids": ids})
    with jax.set_mesh(mesh):
        node_ids = top_level_all_gather(placed["ids"], EXPORT_LAYOUT["ids"])
        xyz = top_level_all_gather(placed["coords"], EXPORT_LAYOUT["coords"])
        return jax.reshard(node_ids, P()), jax.reshard(xyz, P())


if __name__ == "__main__":
    print(main(*inputs()))
