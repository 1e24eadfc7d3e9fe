"""Entry point: 'field=value' overrides are applied with setattr on the namespace after the mesh is built."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def apply_overrides(ns, pairs):
    for pair in pairs:
        key, value = pair.split("=")
        setattr(ns, key.replace("-", "_"), value)


def inputs():
    return argparse.Namespace(batch_axis="data", gather_axis="model"), ["gather-axis=data"], np.ones((8, 4), np.float32)


def main(ns, overrides, w):
    mesh = jax.make_mesh((2, 4), (ns.batch_axis, ns.gather_axis))
    w = jax.device_put(w, NamedSharding(mesh, P(ns.batch_axis)))
    apply_overrides(ns, overrides)

    def step(w):
        return jnp.tanh(jax.lax.all_gather(w, ns.gather_axis, to="reduced", tiled=True))

    out = jax.shard_map(step, mesh=mesh, in_specs=P(ns.batch_axis), out_specs=P(None, reduced={ns.batch_axis}))(w)
    return float(np.asarray(out).sum())
