#!/usr/bin/env python
# coding: utf-8
# Exported from notebooks/factor_research/ic_decay.ipynb

# In[1]:

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

params = {
    "mesh": {"shape": (2, 4), "axes": ("date", "asset")},
    "horizons": [1, 2, 5, 10],
    "ic_avg_over": "date,asset",
}


# In[2]:

def rank_proxy(x):
    # cheap monotone transform instead of a full cross-sectional rank
    return jnp.tanh((x - x.mean(axis=1, keepdims=True)) / (x.std(axis=1, keepdims=True) + 1e-6))


def ic_by_horizon(signal, fwd, axis):
    s = rank_proxy(signal)
    cols = []
    for h in range(fwd.shape[-1]):
        f = rank_proxy(fwd[..., h])
        cols.append(jax.lax.psum((s * f).sum(axis=1), axis))
    return jnp.stack(cols, axis=-1)


# In[3]:

def ic_decay(signal, fwd, mesh):
    date_ax, asset_ax = params["mesh"]["axes"]
    avg_axes = tuple(params["ic_avg_over"].split(","))

    def _cell(s, f):
        n_assets = s.shape[1] * jax.lax.axis_size(asset_ax)
        ic = ic_by_horizon(s, f, asset_ax) / n_assets
        return jax.lax.pmean(ic.mean(axis=0), axis_name=avg_axes)

    return jax.shard_map(_cell, mesh=mesh,
                         in_specs=(P(date_ax, asset_ax), P(date_ax, asset_ax, None)),
                         out_specs=P())(signal, fwd)


# In[4]:

def inputs():
    rng = np.random.default_rng(21)
    sig = rng.standard_normal((8, 32)).astype(np.float32)
    fwd = (0.1 * sig[..., None] + rng.standard_normal((8, 32, len(params["horizons"])))).astype(np.float32)
    return sig, fwd


def main(sig, fwd):
    mesh = jax.make_mesh(params["mesh"]["shape"], params["mesh"]["axes"])
    sig = jax.device_put(sig, NamedSharding(mesh, P("date", "asset")))
    fwd = jax.device_put(fwd, NamedSharding(mesh, P("date", "asset", None)))
    decay = ic_decay(sig, fwd, mesh)
    print(dict(zip(params["horizons"], np.asarray(decay).round(3))))
    return decay


if __name__ == "__main__":
    main(*inputs())
