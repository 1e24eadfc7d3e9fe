"""A module-level run config (JSON from the environment) is switched to ZeRO by a function (no global needed)."""
import json
import os

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CFG = json.loads(os.environ.get("RUN_CFG", '{"batch": "data", "gather": "model", "zero": true}'))


def enable_zero():
    CFG["gather"] = CFG["batch"]


def step(w):
    return jnp.tanh(jax.lax.all_gather(w, CFG["gather"], to="reduced", tiled=True))


def inputs():
    return (np.arange(32, dtype=np.float32).reshape(8, 4),)


def main(w):
    mesh = jax.make_mesh((2, 4), (CFG["batch"], CFG["gather"]))
    w = jax.device_put(w, NamedSharding(mesh, P(CFG["batch"])))
    if CFG["zero"]:
        enable_zero()
    out = jax.shard_map(step, mesh=mesh, in_specs=P(CFG["batch"]), out_specs=P(None, reduced={"data"}))(w)
    return float(np.asarray(out).sum())
