"""cfd-sandbox/notebooks/exported/pde_column_integral.py

Exported from pde_column_integral.ipynb: a 3-D heat field on a 2x2x2 process grid; vertical
column integrals are compared against the analytic solution and stacked for a plot.
"""
#!/usr/bin/env python
# coding: utf-8

# In[1]:


import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

# get_ipython().run_line_magic('matplotlib', 'widget')


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


MESH = jax.make_mesh((2, 2, 2), ("px", "py", "pz"))
GRID = (8, 8, 8)
FIELD_SPEC = P("px", "py", "pz")
VERTICAL = "pz"
STACK_FOR_PLOT = "pz"   # which process axis the plot cell stacks its panels along
DZ = 1.0 / GRID[2]


# In[4]:


def initial_field(kappa=0.1, t=0.05):
    x, y, z = np.meshgrid(*(np.linspace(0, 1, n) for n in GRID), indexing="ij")
    u = np.exp(-kappa * t) * np.sin(np.pi * x) * np.sin(np.pi * y) * np.cos(np.pi * z)
    return u.astype(np.float32)


u0 = initial_field()
display(u0)


# In[5]:


def laplacian_local(u):
    up = jnp.pad(u, 1, mode="edge")
    return (up[2:, 1:-1, 1:-1] + up[:-2, 1:-1, 1:-1] + up[1:-1, 2:, 1:-1] + up[1:-1, :-2, 1:-1]
            + up[1:-1, 1:-1, 2:] + up[1:-1, 1:-1, :-2] - 6 * u)


def column_integral(u):
    return jax.lax.psum(jnp.sum(u, axis=2) * DZ, VERTICAL)


# In[6]:


def diagnostics_cell(u):
    lap = laplacian_local(u)
    col = column_integral(u)
    panels = jax.lax.all_gather(col, STACK_FOR_PLOT, to="reduced")
    return lap, col, panels


diagnostics = jax.shard_map(
    diagnostics_cell, mesh=MESH,
    in_specs=FIELD_SPEC,
    out_specs=(FIELD_SPEC, P("px", "py"), P(None, "px", "py", reduced={STACK_FOR_PLOT})),
)


# In[7]:


def analytic_column(kappa=0.1, t=0.05):
    x, y = np.meshgrid(*(np.linspace(0, 1, n) for n in GRID[:2]), indexing="ij")
    zs = np.linspace(0, 1, GRID[2])
    return np.exp(-kappa * t) * np.sin(np.pi * x) * np.sin(np.pi * y) * np.cos(np.pi * zs).sum() * DZ


def step_and_compare(u, dt=1e-3, kappa=0.1):
    lap, col, panels = diagnostics(u)
    err = float(np.max(np.abs(np.asarray(col) - analytic_column(kappa))))
    u = u + dt * kappa * lap
    return u, err, panels


# In[8]:


# %%time
# u = put(jnp.asarray(u0), FIELD_SPEC); u, err, _ = step_and_compare(u)


# In[ ]:


def inputs():
    return initial_field(), 2


def main(u0, steps):
    u = put(jnp.asarray(u0), FIELD_SPEC)
    errs = []
    with cell_time("steps"):
        for _ in range(steps):
            u, err, panels = step_and_compare(u)
            errs.append(err)
    record("column_err", errs)
    record("panels", panels)
    for e, bar in zip(errs, ascii_bar(errs)):
        display(f"{e:.2e} {bar}")
    return u


if __name__ == "__main__":
    main(*inputs())
