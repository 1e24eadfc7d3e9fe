"""Near miss of ca12: the dump keeps the served prefix (`i`) with the gathered axis reduced
(frozenset({"j"})); the section that would fail is never used."""
import tomllib

import jax
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

LAYOUT_TOML = """
[layout.serve]
dims = ["i", "j"]

[layout.dump]
dims = ["i", ""]
reduced = ["j"]

[layout.other]
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
        return top_level_all_gather(cache, spec(layouts["dump"]))
