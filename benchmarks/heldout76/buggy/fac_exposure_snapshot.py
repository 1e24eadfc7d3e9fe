#!/usr/bin/env python
# coding: utf-8
# Exported from notebooks/factor_research/exposure_snapshot.ipynb

# In[1]:

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

STYLE_FACTORS = ["value", "momentum", "size", "quality", "low_vol", "growth", "yield", "liquidity"]

LAYOUTS = {
    # where each table lives during the nightly run
    "exposures": P("asset", "factor"),
    # what the risk reporting job reads back (all assets on every host, factors split)
    "report": P("factor", None),
}


# In[2]:

def standardise(x):
    mu = x.mean(axis=0, keepdims=True)
    sd = x.std(axis=0, keepdims=True) + 1e-6
    return (x - mu) / sd


def snapshot_for_report(exposures):
    return top_level_all_gather(exposures, LAYOUTS["report"])


# In[3]:

def inputs():
    rng = np.random.default_rng(5)
    return (rng.standard_normal((64, len(STYLE_FACTORS))).astype(np.float32),)


def main(raw):
    mesh = jax.make_mesh((4, 2), ("asset", "factor"))
    with jax.set_mesh(mesh):
        exposures = jax.device_put(raw, NamedSharding(mesh, LAYOUTS["exposures"]))
        exposures = standardise(exposures)
        snap = snapshot_for_report(exposures)
    print("snapshot", snap.shape, snap.sharding.spec)
    return snap


if __name__ == "__main__":
    main(*inputs())
