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


GROUP_SPLIT = N_CELLS // 2  # cells are sorted: first half control, second half treated


# In[4]:


# differential accessibility between the two groups, per peak
def group_sums(x):
    all_x = gather_cells(x)
    return jnp.stack([all_x[:GROUP_SPLIT].sum(axis=0), all_x[GROUP_SPLIT:].sum(axis=0)])


def diff_access(x):
    sums = jax.lax.pmean(group_sums(x), "cells")
    means = sums / jnp.array([GROUP_SPLIT, N_CELLS - GROUP_SPLIT], jnp.float32)[:, None]
    return jnp.log2((means[1] + 0.1) / (means[0] + 0.1))


# In[5]:


def main(counts):
    counts = to_mesh(counts)
    lfc = jax.shard_map(diff_access, mesh=mesh, in_specs=spec, out_specs=P("peaks"))(counts)
    print("top peaks", np.argsort(-np.abs(np.asarray(lfc)))[:5])
    return lfc


def inputs():
    return (load_counts(seed=4),)


if __name__ == "__main__":
    main(*inputs())
