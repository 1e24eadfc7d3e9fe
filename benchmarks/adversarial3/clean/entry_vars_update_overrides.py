"""Entry point: a JSON overrides string is merged into the args namespace with vars(args).update."""
import argparse
import json

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    args = argparse.Namespace(batch_axis="data", gather_axis="model")
    return args, '{"gather_axis": "data"}', np.ones((8, 4), np.float32)


def main(args, overrides_json, w):
    mesh = jax.make_mesh((2, 4), (args.batch_axis, args.gather_axis))
    w = jax.device_put(w, NamedSharding(mesh, P(args.batch_axis)))
    vars(args).update(json.loads(overrides_json))

    def step(w):
        full = jax.lax.all_gather(w, args.gather_axis, to="reduced", tiled=True)
        return full * full

    out = jax.shard_map(step, mesh=mesh, in_specs=P(args.batch_axis), out_specs=P(None, reduced={args.batch_axis}))(w)
    return float(np.asarray(out).sum())
