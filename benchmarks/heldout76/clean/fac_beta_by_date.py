#!/usr/bin/env python
# coding: utf-8
# Exported from notebooks/factor_research/rolling_beta_panel.ipynb

# In[1]:

import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CFG = dict(
    mesh_shape=(2, 4),
    mesh_axes=("date", "asset"),
    lookback=4,
    panel_axes="date",
    market_col=0,
)


# In[2]:

def gather_cols(x, axis_name):
    return jax.lax.all_gather(x, axis_name, axis=1, tiled=True, to="reduced")


def stack_panel(x, axes):
    return jax.lax.all_gather(x, axes, axis=0, tiled=True, to="reduced")


# In[3]:

def rolling_betas(rets, mkt):
    # beta_i = cov(r_i, m) / var(m) over the lookback window held on this shard
    m = mkt - mkt.mean(axis=0, keepdims=True)
    r = rets - rets.mean(axis=0, keepdims=True)
    return (r * m).sum(axis=0, keepdims=True) / ((m * m).sum(axis=0, keepdims=True) + 1e-6)


def beta_panel(rets, mkt, mesh):
    date_ax, asset_ax = CFG["mesh_axes"]

    @functools.partial(
        jax.shard_map, mesh=mesh,
        in_specs=(P(date_ax, asset_ax), P(date_ax, None)),
        out_specs=(P(date_ax, None, reduced={asset_ax}), P(None, None, reduced={date_ax, asset_ax})),
    )
    def _panel(r, m):
        betas = rolling_betas(r, m)
        wide = gather_cols(betas, asset_ax)
        panel = stack_panel(wide, CFG["panel_axes"])
        return wide, panel

    return _panel(rets, mkt)


# In[4]:

def inputs():
    rng = np.random.default_rng(11)
    mkt = rng.standard_normal((8, 1)).astype(np.float32) * 0.01
    rets = (1.1 * mkt + 0.02 * rng.standard_normal((8, 16))).astype(np.float32)
    return rets, mkt


def main(rets, mkt):
    mesh = jax.make_mesh(CFG["mesh_shape"], CFG["mesh_axes"])
    rets = jax.device_put(rets, NamedSharding(mesh, P("date", "asset")))
    mkt = jax.device_put(mkt, NamedSharding(mesh, P("date", None)))
    wide, panel = beta_panel(rets, mkt, mesh)
    print(wide.shape, panel.shape)
    return panel


if __name__ == "__main__":
    main(*inputs())
