"""Specs built by a helper from TOML sections (`""` read as None with `d or None`), the reduced
axes `frozenset(section.get("reduced", ()))`."""
import tomllib

import jax
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

LAYOUT_TOML = """
[layout.serve]
dims = ["i", "j"]

[layout.dump]
dims = ["j", ""]
reduced = ["i"]
"""


def spec(section):
    dims = [d or None for d in section["dims"]]
    return P(*dims, reduced=frozenset(section.get("reduced", ())))


def main(mesh, x):
    layouts = tomllib.loads(LAYOUT_TOML)["layout"]
    with jax.set_mesh(mesh):
        cache = jax.device_put(x, NamedSharding(mesh, spec(layouts["serve"])))
        return top_level_all_gather(cache, spec(layouts["dump"]))  # SF104
