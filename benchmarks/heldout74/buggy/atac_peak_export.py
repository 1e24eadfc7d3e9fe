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
from jax._src.shard_map import top_level_all_gather


# In[3]:


# peak accessibility summary for the genome browser track
def peak_means(x):
    return jax.lax.pmean(x.mean(axis=0, keepdims=True), "cells")


summarise = jax.shard_map(peak_means, mesh=mesh, in_specs=spec, out_specs=P(None, "peaks"))


# In[4]:


def main(counts):
    counts = to_mesh(counts)
    with mesh:
        means = summarise(counts)
        track = top_level_all_gather(means, P(None, None, reduced={"peaks"}))
    track = np.asarray(track).ravel()
    print("peaks with mean > 1:", np.where(track > 1)[0])
    return track


def inputs():
    return (load_counts(seed=3),)


if __name__ == "__main__":
    main(*inputs())
