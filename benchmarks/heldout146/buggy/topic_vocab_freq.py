"""nlp-notebooks/exported/topic_vocab_freq.py

Exported from topic_vocab_freq.ipynb: corpus-wide word frequencies from a document-term count
matrix split over documents and vocabulary; the frequency vector is logged for the Zipf plot.
"""
#!/usr/bin/env python
# coding: utf-8

# In[1]:


import dataclasses
import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


# In[2]:


# ---- nb_utils: pasted from the lab's shared notebook helpers (do not edit here) ----
import time as _time
import contextlib as _contextlib

RESULTS = {}
_TIMINGS = []
VERBOSE = False


def display(*objs, **kw):
    """Poor man's IPython display for when this runs as a script."""
    for o in objs:
        if hasattr(o, "shape") and hasattr(o, "dtype"):
            print(f"<array shape={tuple(o.shape)} dtype={o.dtype}>", **kw)
        elif isinstance(o, dict):
            for k, v in o.items():
                print(f"  {k:>18}: {v}", **kw)
        else:
            print(o, **kw)


@_contextlib.contextmanager
def cell_time(label="cell"):
    """%%time replacement: wall time of a block, kept in _TIMINGS."""
    t0 = _time.perf_counter()
    try:
        yield
    finally:
        dt = _time.perf_counter() - t0
        _TIMINGS.append((label, dt))
        if VERBOSE:
            print(f"Wall time ({label}): {dt * 1e3:.1f} ms")


def record(key, value):
    RESULTS[key] = value
    return value


def put(x, spec, mesh=None):
    """device_put with a NamedSharding on the notebook's MESH (a global set in a later cell)."""
    m = mesh if mesh is not None else globals().get("MESH")
    return jax.device_put(x, NamedSharding(m, spec))


def ascii_bar(values, width=24):
    values = np.asarray(values, dtype=float).ravel()
    top = float(np.max(np.abs(values))) or 1.0
    return ["#" * int(round(width * abs(v) / top)) for v in values]


def summarize(prefix=""):
    for k, v in RESULTS.items():
        if k.startswith(prefix):
            shape = getattr(v, "shape", None)
            display(f"{k}: {shape if shape is not None else v}")
    for label, dt in _TIMINGS[-3:]:
        display(f"[{label}] {dt * 1e3:.1f} ms")
# ---- end nb_utils ----


# In[3]:


MESH = jax.make_mesh((4, 2), ("doc", "vocab"))
N_DOC, V = 32, 16


@dataclasses.dataclass(frozen=True)
class FreqConfig:
    count_axes: tuple = ("doc",)
    log_axis: str = "vocab"
    smoothing: float = 0.5


CFG = FreqConfig()


# In[4]:


def dtm(seed):
    rng = np.random.default_rng(seed)
    rates = 1.0 / np.arange(1, V + 1)
    return rng.poisson(8 * rates, size=(N_DOC, V)).astype(np.float32)


# In[5]:


CFG = dataclasses.replace(CFG, count_axes=("doc", "vocab"))


def freq_cell(c):
    per_word = jnp.sum(c, axis=0)
    total = jax.lax.psum(jnp.sum(per_word), CFG.count_axes)
    share = jax.lax.psum(per_word, "doc") / total
    share_log = jax.lax.all_gather(total, CFG.log_axis, to="reduced")
    return share, share_log


freqs = jax.shard_map(
    freq_cell, mesh=MESH,
    in_specs=P("doc", "vocab"),
    out_specs=(P("vocab"), P(None, reduced={"vocab"})),
)


# In[6]:


def zipf_slope(share):
    s = np.sort(np.asarray(share))[::-1]
    r = np.arange(1, len(s) + 1)
    keep = s > 0
    return float(np.polyfit(np.log(r[keep]), np.log(s[keep]), 1)[0])


# In[ ]:


def inputs():
    return (dtm(4),)


def main(counts):
    c = put(jnp.asarray(counts), P("doc", "vocab"))
    with cell_time("freq"):
        share, share_log = freqs(c)
    display(f"zipf slope: {record('zipf', zipf_slope(share)):.2f}")
    return share


if __name__ == "__main__":
    main(*inputs())
