"""Node coordinates partitioned over (part, dim) are collected for a VTK writer with a
prefix out spec (the part axis gathered), then laid out again."""
import os

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

PART_AXIS = os.environ.get("FEM_PART_AXIS", "part")
DIM_AXIS = os.environ.get("FEM_DIM_AXIS", "dim")

NODE_LAYOUT = {"coords": P((PART_AXIS, DIM_AXIS), None)}
EXPORT_LAYOUT = {"coords": P(PART_AXIS, None, reduced={DIM_AXIS})}


def inputs():
    coords = np.stack([np.linspace(0, 1, 16), np.linspace(1, 2, 16)], axis=1).astype(np.float32)
    return (coords,)


def main(coords):
    mesh = jax.make_mesh((4, 2), (PART_AXIS, DIM_AXIS))
    placed = {k: jax.device_put(v, NamedSharding(mesh, NODE_LAYOUT[k]))
              for k, v in {"coords": coords}.items()}
    with jax.set_mesh(mesh):
        xyz = top_level_all_gather(placed["coords"], EXPORT_LAYOUT["coords"])
        return jax.reshard(xyz, P())


if __name__ == "__main__":
    print(main(*inputs()))
