"""cfd-sandbox/notebooks/exported/pde_halo_exchange.py

Exported from pde_halo_exchange.ipynb: explicit diffusion with halo exchange along x; the
boundary planes are shared so the Neumann correction sees the whole face.
"""
#!/usr/bin/env python
# coding: utf-8

# In[1]:


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


MESH = jax.make_mesh((2, 2, 2), ("px", "py", "pz"))
GRID = (8, 8, 8)
FIELD_SPEC = P("px", "py", "pz")
N_X = MESH.shape["px"]
HALO = dict(axis="px", face_axis="py", kappa=0.1, dt=1e-3)


# In[4]:


def blob(seed):
    rng = np.random.default_rng(seed)
    u = np.zeros(GRID, np.float32)
    u[2:6, 2:6, 2:6] = 1.0 + 0.1 * rng.normal(size=(4, 4, 4))
    return u


# In[5]:


def shift_perm(n, direction):
    return [(i, (i + direction) % n) for i in range(n)]


def face_of(u, side):
    plane = u[-1:] if side > 0 else u[:1]
    return jax.lax.all_gather(plane, HALO["face_axis"], axis=1, tiled=True, to="reduced")


def exchange(face, side):
    return jax.lax.ppermute(face, HALO["axis"], shift_perm(N_X, side))


# In[6]:


def step_cell(u):
    right = face_of(u, +1)
    left = face_of(u, -1)
    from_left = exchange(right, +1)
    from_right = exchange(left, -1)
    return from_left, from_right


# In[6]:


def step_cell(u):
    right = u[-1:]
    left = u[:1]
    from_left = exchange(right, +1)
    from_right = exchange(left, -1)
    ux = jnp.concatenate([from_left, u, from_right], axis=0)
    lap_x = ux[2:] + ux[:-2] - 2 * u
    face = face_of(u, +1)
    face_flux = jax.lax.ppermute(face, HALO["face_axis"], shift_perm(MESH.shape["py"], +1))
    return u + HALO["dt"] * HALO["kappa"] * lap_x, face_flux


# In[7]:


stepper = jax.shard_map(
    step_cell, mesh=MESH,
    in_specs=FIELD_SPEC,
    out_specs=(FIELD_SPEC, FIELD_SPEC),
)


# In[8]:


def run(u0, steps):
    u = put(jnp.asarray(u0), FIELD_SPEC)
    mass = []
    with cell_time("diffuse"):
        for _ in range(steps):
            u, flux = stepper(u)
            mass.append(float(jnp.sum(u)))
    return u, mass


# In[ ]:


def inputs():
    return blob(0), 3


def main(u0, steps):
    u, mass = run(u0, steps)
    record("mass", mass)
    for m, bar in zip(mass, ascii_bar(mass)):
        display(f"{m:.4f} {bar}")
    return u


if __name__ == "__main__":
    main(*inputs())
