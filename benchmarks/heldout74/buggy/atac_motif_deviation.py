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


N_MOTIFS = 4
rng = np.random.default_rng(7)
motif_matches = (rng.uniform(size=(N_PEAKS, N_MOTIFS)) < 0.3).astype(np.float32)


# In[4]:


# chromVAR-style deviations: observed motif accessibility vs expected from the cell's depth
def deviations(x, matches):
    observed = jax.lax.psum(x @ matches, "peaks")
    expected_frac = jax.lax.psum(x.sum(axis=0) @ matches, AXES) / jax.lax.psum(x.sum(), AXES)
    depth = jax.lax.psum(x.sum(axis=1, keepdims=True), "peaks")
    expected = depth * expected_frac
    dev = (observed - expected) / (expected + 1.0)
    mu = jax.lax.pmean(dev.mean(axis=0), AXES)
    return dev - mu


# In[5]:


def main(counts, matches):
    counts = to_mesh(counts)
    matches = to_mesh(matches, P("peaks", None))
    dev = jax.shard_map(deviations, mesh=mesh, in_specs=(spec, P("peaks", None)),
                        out_specs=P("cells", None))(counts, matches)
    print(np.asarray(dev)[:2])
    return dev


def inputs():
    return load_counts(seed=1), motif_matches


if __name__ == "__main__":
    main(*inputs())
