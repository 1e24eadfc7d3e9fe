import json
import os

import jax
from jax.sharding import PartitionSpec as P


def main(mesh, x, config_path=None):
    with open(config_path or os.devnull) as f:
        cfg = json.loads(f.read() or "{}")
    data = cfg.get("data_axis", "i")
    model = cfg.get("model_axis", "j")

    def body(v):
        total = jax.lax.psum(v, data)
        return jax.lax.all_gather(total, data, axis=0, tiled=True, to="reduced")  # SF101

    return jax.shard_map(body, mesh=mesh, in_specs=P(data, model), out_specs=P(None, model, reduced={data}))(x)
