import json
import os

import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

TRACE_CONFIG = json.loads('{"logits_spec": [["i", "j"], null], "viewer_spec": [null, null]}')
VIEWER_REDUCED = os.environ.get("VIEWER_REDUCED", "i").split(",")


def spec_from(entries, reduced=()):
    dims = [tuple(e) if isinstance(e, list) else e for e in entries]
    return P(*dims, reduced=set(reduced))


def main(mesh, x):
    logits = jax.device_put(x, NamedSharding(mesh, spec_from(TRACE_CONFIG["logits_spec"])))
    viewer = spec_from(TRACE_CONFIG["viewer_spec"], VIEWER_REDUCED)
    with jax.set_mesh(mesh):
        return top_level_all_gather(logits, viewer)
