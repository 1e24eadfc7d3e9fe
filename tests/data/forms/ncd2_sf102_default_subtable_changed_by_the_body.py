import tomllib

import jax
from jax.sharding import PartitionSpec as P

SETTINGS = tomllib.loads("""
[pressure_map]
first = "i"
order = ["j", "i"]
""")


def pressure_map(head, cfg=SETTINGS["pressure_map"]):
    zone = jax.lax.all_gather(head, cfg["first"], axis=0, tiled=True, to="reduced")
    cfg["order"] = ["j"]
    jax.lax.all_gather(zone, tuple(cfg["order"]), axis=1, tiled=True, to="reduced")
    return head


def main(mesh, x):
    return jax.shard_map(pressure_map, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)
