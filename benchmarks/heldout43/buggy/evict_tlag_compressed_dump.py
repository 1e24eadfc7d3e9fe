"""Dump the compressed KV cache for offline analysis; layouts come from the eviction TOML config."""
import tomllib

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

EVICTION_TOML = """
[layout.serve]
dims = ["batch", "head", ""]

[layout.dump]
dims = ["head", "", ""]
reduced = ["batch"]

[policy]
name = "snapkv"
budget = 12
"""


def spec(section):
    dims = [d or None for d in section["dims"]]
    return P(*dims, reduced=frozenset(section.get("reduced", ())))


def inputs():
    rng = np.random.default_rng(23)
    return (rng.normal(size=(4, 8, 12)).astype(np.float32),)


def main(kept_keys):
    config = tomllib.loads(EVICTION_TOML)
    layouts = config["layout"]
    mesh = jax.make_mesh((2, 4), ("batch", "head"))
    with jax.set_mesh(mesh):
        cache = jax.device_put(kept_keys, NamedSharding(mesh, spec(layouts["serve"])))
        dumped = top_level_all_gather(cache, spec(layouts["dump"]))
    return dumped


if __name__ == "__main__":
    main(*inputs())
