import os

import jax
from jax.sharding import PartitionSpec as P

DATA = os.environ.get("SHARDFIX_NAK6_DATA", "i")


def body(v):
    return jax.lax.all_gather(v, "i", axis=0, tiled=True, to="reduced")  # none: DATA is not proved apart from 'i'


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P(DATA, "j"), out_specs=P(None, "j", reduced={"i"}))(x)
