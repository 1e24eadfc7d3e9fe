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


# per-cell QC metrics; each one is collected for the QC scatter plots
QC_METRICS = {
    "n_fragments": lambda x: jax.lax.psum(x.sum(axis=1), "peaks"),
    "n_peaks_open": lambda x: jax.lax.psum((x > 0).sum(axis=1).astype(jnp.float32), "peaks"),
    "frac_in_top_peaks": lambda x: jax.lax.pmean(x[:, :2].sum(axis=1) / (x.sum(axis=1) + 1.0), "peaks"),
}


# In[4]:


def qc(x):
    return {name: gather_cells(fn(x)) for name, fn in QC_METRICS.items()}


# In[5]:


def main(counts):
    counts = to_mesh(counts)
    out_specs = {name: P(None, reduced={"cells"}) for name in QC_METRICS}
    metrics = jax.shard_map(qc, mesh=mesh, in_specs=spec, out_specs=out_specs)(counts)
    for name, v in metrics.items():
        print(name, np.asarray(v)[:4])
    return metrics


def inputs():
    return (load_counts(seed=2),)


if __name__ == "__main__":
    main(*inputs())
