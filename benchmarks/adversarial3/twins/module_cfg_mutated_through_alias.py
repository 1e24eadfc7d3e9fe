"""The module config is edited through an alias a helper receives (conf = CFG; conf[k] = v)."""
import json
import os

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CFG = json.loads(os.environ.get("RUN_CFG", '{"batch": "data", "gather": "model"}'))


def apply_preset(conf, preset):
    for key, value in preset.items():
        conf[key] = conf[value]


def inputs():
    return {}, np.arange(32, dtype=np.float32).reshape(8, 4)


def main(preset, w):
    mesh = jax.make_mesh((2, 4), (CFG["batch"], CFG["gather"]))
    w = jax.device_put(w, NamedSharding(mesh, P(CFG["batch"])))
    apply_preset(CFG, preset)

    def step(w):
        full = jax.lax.all_gather(w, CFG["gather"], to="reduced", tiled=True)
        return full * full

    out = jax.shard_map(step, mesh=mesh, in_specs=P(CFG["batch"]), out_specs=P(None, reduced={"data"}))(w)
    return float(np.asarray(out).sum())
