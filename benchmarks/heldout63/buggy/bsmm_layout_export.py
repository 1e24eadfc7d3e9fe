"""Export a block-sparse weight to one host; the export layout comes from the run's JSON config."""
import json

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

CONFIG = json.loads("""
{
  "block_size": 4,
  "layouts": {
    "train": {"dims": ["rowblk", "colblk"], "reduced": []},
    "export": {"dims": [null, null], "reduced": ["rowblk", "colblk"]}
  }
}
""")


def layout(name, cfg=CONFIG):
    entry = cfg["layouts"][name]
    return P(*entry["dims"], reduced=set(entry["reduced"]))


def inputs():
    rng = np.random.default_rng(43)
    w = rng.standard_normal((8, 16)).astype(np.float32)
    return (w * (rng.random((8, 16)) < 0.5),)


def main(w):
    mesh = jax.make_mesh((2, 4), ("rowblk", "colblk"))
    with jax.set_mesh(mesh):
        w = jax.device_put(jnp.asarray(w), NamedSharding(mesh, layout("train")))
        exported = top_level_all_gather(w, layout("export"))
    return np.asarray(exported)


if __name__ == "__main__":
    main(*inputs())
