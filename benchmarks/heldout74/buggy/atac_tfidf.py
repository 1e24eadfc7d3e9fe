#!/usr/bin/env python
# coding: utf-8

# In[1]:


import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


# In[2]:


# --- shared setup (pasted from setup.ipynb) ---
N_CELLS, N_PEAKS = 16, 32
AXES = ("cells", "peaks")
mesh = jax.make_mesh((2, 4), AXES)
spec = P(*AXES)


def load_counts(seed=0):
    rng = np.random.default_rng(seed)
    open_prob = rng.beta(0.5, 2.0, size=(1, N_PEAKS))
    depth = rng.uniform(0.5, 1.5, size=(N_CELLS, 1))
    return rng.binomial(4, np.clip(open_prob * depth, 0, 1)).astype(np.float32)


def to_mesh(x, s=spec):
    return jax.device_put(x, NamedSharding(mesh, s))


gather_cells = functools.partial(jax.lax.all_gather, axis_name="cells", axis=0, tiled=True, to="reduced")
gather_peaks = functools.partial(jax.lax.all_gather, axis_name="peaks", axis=1, tiled=True, to="reduced")


# In[3]:


# TF-IDF (Signac's LSI flavour): tf = counts / cell total, idf = log(1 + N / peak total)
def tfidf(x):
    cell_total = jax.lax.psum(x.sum(axis=1, keepdims=True), "peaks")
    tf = x / cell_total
    peak_total = jax.lax.psum(x.sum(axis=0, keepdims=True), "cells")
    peak_total_all = gather_peaks(peak_total)
    idf = jnp.log1p(N_CELLS / peak_total_all)
    return tf, idf


# In[4]:


def main(counts):
    counts = to_mesh(counts)
    tf, idf = jax.shard_map(tfidf, mesh=mesh, in_specs=spec,
                            out_specs=(spec, P(None, None, reduced={"peaks"})))(counts)
    print(idf.shape)
    return tf


# In[5]:


def inputs():
    return (load_counts(),)


if __name__ == "__main__":
    main(*inputs())
