"""Pressure zone mapping: nodal heads gathered per district, then for the whole city."""
import tomllib

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SETTINGS = tomllib.loads("""
[mesh]
axes = ["district", "pipe"]
shape = [2, 4]

[pressure_map]
first = "district"
order = ["pipe", "district"]
""")


def pressure_map(head, cfg=SETTINGS["pressure_map"]):
    zone = jax.lax.all_gather(head, cfg["first"], axis=0, tiled=True, to="reduced")
    return jax.lax.all_gather(zone, tuple(cfg["order"]), axis=1, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(101)
    return (rng.uniform(20.0, 60.0, (8, 16)).astype(np.float32),)


def main(head):
    axes = tuple(SETTINGS["mesh"]["axes"])
    mesh = jax.make_mesh(tuple(SETTINGS["mesh"]["shape"]), axes)
    head = jax.device_put(head, NamedSharding(mesh, P(*axes)))
    return jax.shard_map(pressure_map, mesh=mesh, in_specs=P(*axes),
                         out_specs=P(None, None, reduced={"district", "pipe"}))(head)


if __name__ == "__main__":
    main(*inputs())
