"""Near miss of co9: the configuration is changed in place before the loops run (`"i"` added to
the reduced axes of "t"): the document's text no longer says what the loops read, so the
analysis stays silent (and every gather is valid)."""
import json

import jax
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

CONFIG = json.loads("""
{"fields": {"t": {"compute": ["i", "j"], "granule": [null, "j"], "reduced": []},
            "q": {"compute": ["i", "j"], "granule": [null, "j"], "reduced": ["i"]}}}
""")
CONFIG["fields"]["t"]["reduced"].append("i")


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
        granule[name] = top_level_all_gather(arr, spec(field["granule"], field["reduced"]))
    return granule


def main(mesh, x):
    with jax.set_mesh(mesh):
        return write(placed(mesh, x))
