import json
import os

import jax
from jax.sharding import PartitionSpec as P

CFG = json.loads(os.environ.get("SHARDFIX_NAK11_CFG", "{}"))


def body(v):
    s = jax.lax.psum(v, CFG.get("rows", "j"))
    return jax.lax.all_gather(s, CFG.get("rows", "i"), tiled=True, to="reduced")  # none: two defaults, two values (here)


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P(CFG.get("rows", "i"), CFG.get("cols", "j")),
                         out_specs=P(None, None, reduced={CFG.get("rows", "i")}))(x)
