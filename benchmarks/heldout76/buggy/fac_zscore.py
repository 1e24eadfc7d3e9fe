#!/usr/bin/env python
# coding: utf-8
# Exported from notebooks/factor_research/composite_zscore.ipynb

# In[1]:

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

composite = {
    "weights": {"value": 0.4, "momentum": 0.35, "quality": 0.25},
    "mesh_axes": ("date", "asset"),
    "mesh_shape": (2, 4),
}


# In[2]:

def full_cross_section(x, asset_axis):
    return jax.lax.all_gather(x, asset_axis, axis=1, tiled=True, to="reduced")


def xs_zscore(x):
    return (x - x.mean(axis=1, keepdims=True)) / (x.std(axis=1, keepdims=True) + 1e-6)


# In[3]:

def composite_score(factors, mesh):
    date_ax, asset_ax = composite["mesh_axes"]
    w = jnp.asarray(list(composite["weights"].values()), dtype=jnp.float32)

    def _cell(f):
        blended = jnp.einsum("dak,k->da", f, w)
        xs = full_cross_section(blended, asset_ax)
        return xs_zscore(xs)

    return jax.shard_map(_cell, mesh=mesh, in_specs=P(date_ax, asset_ax, None),
                         out_specs=P(date_ax, None))(factors)


# In[4]:

def inputs():
    rng = np.random.default_rng(2)
    return (rng.standard_normal((8, 32, len(composite["weights"]))).astype(np.float32),)


def main(factors):
    mesh = jax.make_mesh(composite["mesh_shape"], composite["mesh_axes"])
    factors = jax.device_put(factors, NamedSharding(mesh, P("date", "asset", None)))
    z = composite_score(factors, mesh)
    print("composite z", z.shape, float(z.std()))
    return z


if __name__ == "__main__":
    main(*inputs())
