"""Overrides given as 'field=value' strings are applied with setattr before the step is traced."""
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
    ns = argparse.Namespace(batch_axis="data", gather_axis="model")
    # this experiment gathers the weight over the data axis (ZeRO-style) instead of the model axis
    return ns, ["gather-axis=data"], np.arange(32, dtype=np.float32).reshape(8, 4)


def main(ns, overrides, w):
    mesh = jax.make_mesh((2, 4), (ns.batch_axis, ns.gather_axis))
    w = jax.device_put(w, NamedSharding(mesh, P(ns.batch_axis)))
    apply_overrides(ns, overrides)

    def step(w):
        full = jax.lax.all_gather(w, ns.gather_axis, to="reduced", tiled=True)
        return jnp.tanh(full)

    out = jax.shard_map(step, mesh=mesh, in_specs=P("data"), out_specs=P(None, reduced={"data"}))(w)
    return float(np.asarray(out).sum())


if __name__ == "__main__":
    print(main(*inputs()))
