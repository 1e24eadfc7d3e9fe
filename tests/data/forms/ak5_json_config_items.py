import json

import jax
from jax.sharding import PartitionSpec as P

SETTINGS = json.loads('{"axes": {"batch": "i", "model": "j"}, "lr": 0.1}')
BATCH = SETTINGS["axes"]["batch"]
MODEL = SETTINGS["axes"]["model"]


def body(v):
    s = jax.lax.psum(v, BATCH)
    return jax.lax.all_gather(s, BATCH, axis=0, tiled=True, to="reduced")  # SF101


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P(BATCH, MODEL), out_specs=P(None, MODEL, reduced={BATCH}))(x)
