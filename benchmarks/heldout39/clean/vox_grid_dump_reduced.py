import json

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

CONFIG = json.loads("""
{
  "mesh": {"shape": [2, 4], "axes": ["scene", "grid"]},
  "layouts": {"train": [["scene", "grid"], null, null], "dump": ["scene", null, null]},
  "dump_reduced": ["grid"]
}
""")


def layout(name):
    dims = [tuple(d) if isinstance(d, list) else d for d in CONFIG["layouts"][name]]
    if name == "dump":
        return P(*dims, reduced=set(CONFIG["dump_reduced"]))
    return P(*dims)


def inputs():
    return (np.random.default_rng(104).normal(size=(8, 4, 4)).astype(np.float32),)


def main(volume):
    mesh = jax.make_mesh(tuple(CONFIG["mesh"]["shape"]), tuple(CONFIG["mesh"]["axes"]))
    with jax.set_mesh(mesh):
        volume = jax.device_put(volume, NamedSharding(mesh, layout("train")))
        dumped = top_level_all_gather(volume, layout("dump"))
    print(dumped.shape)
    return dumped


if __name__ == "__main__":
    main(*inputs())
