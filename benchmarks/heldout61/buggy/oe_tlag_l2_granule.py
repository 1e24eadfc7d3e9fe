"""Level-2 granule writer: retrieved profiles laid out as the product configuration says."""
import json

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

PRODUCT_CONFIG = json.loads("""
{
  "mesh": {"shape": [4, 2], "axes": ["scanline", "footprint"]},
  "fields": {
    "temperature": {"compute": ["scanline", "footprint", null], "granule": [null, "footprint", null], "reduced": []},
    "water_vapour": {"compute": ["scanline", "footprint", null], "granule": [null, "footprint", null], "reduced": ["scanline"]}
  }
}
""")


def spec(entries, reduced=()):
    return P(*entries, reduced=set(reduced))


def retrieved_fields(mesh):
    rng = np.random.default_rng(53)
    out = {}
    for name, field in PRODUCT_CONFIG["fields"].items():
        host = rng.normal(size=(8, 6, 10)).astype(np.float32)
        out[name] = jax.device_put(host, NamedSharding(mesh, spec(field["compute"])))
    return out


def write_granule(fields):
    granule = {}
    for name, arr in fields.items():
        field = PRODUCT_CONFIG["fields"][name]
        granule[name] = top_level_all_gather(arr, spec(field["granule"], field["reduced"]))
    return granule


def inputs():
    m = PRODUCT_CONFIG["mesh"]
    mesh = jax.make_mesh(tuple(m["shape"]), tuple(m["axes"]))
    return mesh, retrieved_fields(mesh)


def main(mesh, fields):
    with jax.set_mesh(mesh):
        granule = write_granule(fields)
    return granule


if __name__ == "__main__":
    main(*inputs())
