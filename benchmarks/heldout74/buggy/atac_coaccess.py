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


# co-accessibility (Cicero-like): binarised matrix with the peaks collected first,
# then the whole matrix for the peak-peak correlation
def binarise(x):
    return (x > 0).astype(jnp.float32)


def coaccess_input(x):
    b = gather_peaks(binarise(x))
    return jax.lax.all_gather(b, AXES, axis=0, tiled=True, to="reduced")


# In[4]:


def main(counts):
    counts = to_mesh(counts)
    full = jax.shard_map(coaccess_input, mesh=mesh, in_specs=spec,
                         out_specs=P(None, None, reduced=set(AXES)))(counts)
    b = np.asarray(full)
    corr = np.corrcoef(b.T)
    print("co-accessible pairs", int((np.triu(np.nan_to_num(corr), 1) > 0.5).sum()))
    return full


def inputs():
    return (load_counts(seed=5),)


if __name__ == "__main__":
    main(*inputs())
