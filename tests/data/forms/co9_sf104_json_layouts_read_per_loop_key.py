"""Layouts from a JSON product configuration: a loop over `CONFIG["fields"].items()` fills a dict
of arrays placed by `spec(field["compute"])`, and a loop over that dict gathers each one to
`spec(field["granule"], field["reduced"])` with `field = CONFIG["fields"][name]`. Each round's key
is known, so both specs are read for it: "t" gathers "i" without listing it as reduced."""
import json

import jax
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

CONFIG = json.loads("""
{"fields": {"t": {"compute": ["i", "j"], "granule": [null, "j"], "reduced": []},
            "q": {"compute": ["i", "j"], "granule": [null, "j"], "reduced": ["i"]}}}
""")


def spec(entries, reduced=()):
    return P(*entries, reduced=set(reduced))


def placed(mesh, x):
    out = {}
    for name, field in CONFIG["fields"].items():
        out[name] = jax.device_put(x, NamedSharding(mesh, spec(field["compute"])))
    return out


def write(fields):
    granule = {}
    for name, arr in fields.items():
        field = CONFIG["fields"][name]
        granule[name] = top_level_all_gather(arr, spec(field["granule"], field["reduced"]))  # SF104
    return granule


def main(mesh, x):
    with jax.set_mesh(mesh):
        return write(placed(mesh, x))
