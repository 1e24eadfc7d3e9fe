#!/usr/bin/env python
# coding: utf-8
# Exported from notebooks/factor_research/specific_risk.ipynb

# In[1]:

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AGG = {
    "sum": jax.lax.psum,
    "mean": jax.lax.pmean,
    "max": jax.lax.pmax,
}

risk_cfg = {
    "axes": ("date", "asset"),
    "shape": (2, 4),
    "cap_agg": "max",
    "halflife": 4.0,
}


# In[2]:

def ewma_weights(n, halflife):
    w = 0.5 ** (np.arange(n)[::-1] / halflife)
    return jnp.asarray(w / w.sum(), dtype=jnp.float32)


class SpecificRisk:
    def __init__(self, cfg):
        self.date_axis, self.asset_axis = cfg["axes"]
        self.cap_agg = AGG[cfg["cap_agg"]]
        self.halflife = cfg["halflife"]

    def residual_var(self, resid):
        w = ewma_weights(resid.shape[0], self.halflife)
        return (w[:, None] * resid ** 2).sum(axis=0, keepdims=True)

    def universe(self, v):
        return jax.lax.all_gather(v, self.asset_axis, axis=1, tiled=True, to="reduced")

    def vol_cap(self, universe_var):
        return self.cap_agg(universe_var, self.asset_axis).max(axis=1, keepdims=True)

    def __call__(self, resid):
        v = self.residual_var(resid)
        full = self.universe(v)
        cap = self.vol_cap(jnp.abs(full))
        return jnp.minimum(v, cap)


# In[3]:

def inputs():
    rng = np.random.default_rng(3)
    return (0.02 * rng.standard_normal((8, 16)).astype(np.float32),)


def main(resid):
    mesh = jax.make_mesh(risk_cfg["shape"], risk_cfg["axes"])
    resid = jax.device_put(resid, NamedSharding(mesh, P(None, "asset")))
    model = SpecificRisk(risk_cfg)
    capped = jax.shard_map(model, mesh=mesh, in_specs=P(None, "asset"), out_specs=P(None, "asset"))(resid)
    print("specific var", capped.shape)
    return capped


if __name__ == "__main__":
    main(*inputs())
