import json

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

CONFIG = json.loads("""
{
  "mesh": {"shape": [2, 4], "axes": ["scene", "grid"]},
  "layouts": {
    "train": [["scene", "grid"], null, null],
    "dump": ["scene", null, null]
  },
  "dump_reduced": []
}
""")


def layout(name):
    dims = [tuple(d) if isinstance(d, list) else d for d in CONFIG["layouts"][name]]
    if name == "dump":
        return P(*dims, reduced=set(CONFIG["dump_reduced"]))
    return P(*dims)


def dump_grid(volume):
    return top_level_all_gather(volume, layout("dump"))


def inputs():
    rng = np.random.default_rng(13)
    return (rng.normal(size=(8, 4, 4)).astype(np.float32),)


def main(volume):
    mesh = jax.make_mesh(tuple(CONFIG["mesh"]["shape"]), tuple(CONFIG["mesh"]["axes"]))
    with jax.set_mesh(mesh):
        volume = jax.device_put(volume, NamedSharding(mesh, layout("train")))
        dumped = dump_grid(volume)
    print(dumped.shape)
    return dumped


if __name__ == "__main__":
    main(*inputs())
