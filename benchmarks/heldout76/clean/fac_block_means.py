#!/usr/bin/env python
# coding: utf-8
# Exported from notebooks/factor_research/industry_neutral_blocks.ipynb

# In[1]:

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CFG = {
    "mesh_shape": (2, 4),
    "mesh_axes": ("date", "asset"),
    "xs_axis": "asset",
    "n_dates": 8,
    "n_assets": 32,
    "winsor": 3.0,
}


# In[2]:

def xs_sum(x, axis_name):
    # cross-sectional sum: every asset shard contributes its slice
    return jax.lax.psum(x.sum(axis=1, keepdims=True), axis_name)


def broadcast_xs(stat, axis_name):
    return jax.lax.all_gather(stat, axis_name, axis=1, tiled=True, to="reduced")


# In[3]:

def industry_neutral_alpha(raw_alpha, mesh):
    xs = CFG["xs_axis"]

    def _cell(a):
        a = jnp.clip(a, -CFG["winsor"], CFG["winsor"])
        tot = xs_sum(a, xs)
        mu = tot / CFG["n_assets"]
        block_mu = a.mean(axis=1, keepdims=True)
        mu_cols = broadcast_xs(block_mu, xs)
        return a - mu, mu_cols

    return jax.shard_map(
        _cell, mesh=mesh,
        in_specs=P("date", "asset"),
        out_specs=(P("date", "asset"), P("date", None, reduced={"asset"})),
    )(raw_alpha)


# In[4]:

def inputs():
    rng = np.random.default_rng(7)
    return (rng.standard_normal((CFG["n_dates"], CFG["n_assets"])).astype(np.float32),)


def main(raw_alpha):
    mesh = jax.make_mesh(CFG["mesh_shape"], CFG["mesh_axes"])
    raw_alpha = jax.device_put(raw_alpha, NamedSharding(mesh, P("date", "asset")))
    neutral, mu = industry_neutral_alpha(raw_alpha, mesh)
    print("neutral alpha", neutral.shape, "xs mean cols", mu.shape)
    return neutral


if __name__ == "__main__":
    main(*inputs())
