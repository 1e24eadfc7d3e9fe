"""Axis names come from an embedded JSON run file; a later top-level block folds ZeRO runs."""
import json

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

RUN = json.loads('{"batch": "data", "gather": "model", "zero": true}')
BATCH, GATHER = RUN["batch"], RUN["gather"]
MESH_AXES = (BATCH, GATHER)

if RUN.get("zero"):
    GATHER = BATCH


def step(w):
    return jnp.tanh(jax.lax.all_gather(w, GATHER, to="reduced", tiled=True))


def inputs():
    return (np.arange(32, dtype=np.float32).reshape(8, 4),)


def main(w):
    mesh = jax.make_mesh((2, 4), MESH_AXES)
    w = jax.device_put(w, NamedSharding(mesh, P(BATCH)))
    out = jax.shard_map(step, mesh=mesh, in_specs=P(BATCH), out_specs=P(None, reduced={GATHER}))(w)
    return float(np.asarray(out).sum())


if __name__ == "__main__":
    print(main(*inputs()))
