"""cfd/solver/jacobi_sweep.py -- Jacobi sweeps with halo exchange along x.

The pressure field is split over a 2x2x2 ("x", "y", "z") mesh. Halos along x are exchanged with
`ppermute` (the pmap solver's collective); the "pinned" boundary mode first collects the whole
x-line of the boundary plane so both ends can read the inflow value.
"""
# --------------------------------------------------------------------------------------------
# compat: pasted from infra/jaxcompat.py while the pjit/xmap code is being moved to shard_map.
# Keep this block identical across modules until the shared package is published again.
# --------------------------------------------------------------------------------------------
import contextlib
import warnings

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec

P = PS = PartitionSpec
JAX_VERSION = tuple(getattr(jax, "__version_info__", (0, 4, 35)))
HAS_JAX_SHARD_MAP = hasattr(jax, "shard_map")
_pcast = getattr(jax.lax, "pcast", None)

try:
    from jax.experimental.shard_map import shard_map as _legacy_shard_map
except ImportError:
    _legacy_shard_map = None

try:
    from jax._src.shard_map import top_level_all_gather
except ImportError:
    top_level_all_gather = None


def _translate_legacy_kwargs(kwargs, mesh):
    if "check_rep" in kwargs:
        warnings.warn("check_rep= is deprecated; spell it check_vma=", DeprecationWarning, stacklevel=3)
        kwargs["check_vma"] = kwargs.pop("check_rep")
    if "auto" in kwargs:
        warnings.warn("auto= is gone; pass the manual axis_names= set", DeprecationWarning, stacklevel=3)
        kwargs["axis_names"] = set(mesh.axis_names) - set(kwargs.pop("auto"))
    return kwargs


def smap(f, mesh, in_specs, out_specs, **kwargs):
    """shard_map under either spelling; old call sites pass mesh/specs positionally."""
    kwargs = _translate_legacy_kwargs(dict(kwargs), mesh)
    if HAS_JAX_SHARD_MAP:
        return jax.shard_map(f, mesh=mesh, in_specs=in_specs, out_specs=out_specs, **kwargs)
    check = kwargs.pop("check_vma", True)
    return _legacy_shard_map(f, mesh, in_specs, out_specs, check_rep=check, **kwargs)


def to_varying(x, axes):
    if _pcast is None:
        raise RuntimeError(f"jax {jax.__version__} has no lax.pcast; pin jax>=0.8.2")
    return _pcast(x, axes, to="varying")


@contextlib.contextmanager
def with_mesh(mesh):
    setter = getattr(jax, "set_mesh", None)
    if setter is None:
        with mesh:
            yield mesh
    else:
        with setter(mesh):
            yield mesh


def make_mesh(shape, names):
    if JAX_VERSION >= (0, 9, 0):
        return jax.make_mesh(shape, names)
    explicit = (jax.sharding.AxisType.Explicit,) * len(names)
    return jax.make_mesh(shape, names, axis_types=explicit)


def place(x, mesh, spec):
    return jax.device_put(x, NamedSharding(mesh, spec))
# ------------------------------------------------------------------------ end of compat -----

import functools

FIELD_SPEC = P("x", "y", "z")
N_X = 2


def shift_pairs(n, step):
    return [(i, (i + step) % n) for i in range(n)]


def halo_x(p):
    lo = jax.lax.ppermute(p[-1:], "x", shift_pairs(N_X, 1))
    hi = jax.lax.ppermute(p[:1], "x", shift_pairs(N_X, -1))
    return lo, hi


def boundary_plane(p, mode):
    plane = p[:1]
    if mode == "pinned":
        plane = jax.lax.all_gather(plane, "x", axis=0, tiled=True, to="reduced")
        plane = plane[:1]
    return plane


def sweep(p, rhs, mode, h2=0.01):
    inflow = boundary_plane(p, mode)
    lo, hi = halo_x(inflow if mode == "pinned" else p)
    up = jnp.concatenate([lo, p[:-1]], axis=0)
    down = jnp.concatenate([p[1:], hi], axis=0)
    yz = jnp.roll(p, 1, 1) + jnp.roll(p, -1, 1) + jnp.roll(p, 1, 2) + jnp.roll(p, -1, 2)
    return (up + down + yz - h2 * rhs) / 6.0


def build(mesh, mode, n_sweeps=2):
    def body(p, rhs):
        for _ in range(n_sweeps):
            p = sweep(p, rhs, mode)
        return p
    return jax.jit(smap(body, mesh, (FIELD_SPEC, FIELD_SPEC), FIELD_SPEC, check_rep=True))


def inputs():
    rng = np.random.default_rng(40)
    p = np.zeros((8, 8, 8), np.float32)
    rhs = rng.normal(size=(8, 8, 8)).astype(np.float32)
    return p, rhs, "pinned"


def main(p, rhs, mode):
    mesh = make_mesh((2, 2, 2), ("x", "y", "z"))
    p = place(p, mesh, FIELD_SPEC)
    rhs = place(rhs, mesh, FIELD_SPEC)
    with with_mesh(mesh):
        p = build(mesh, mode)(p, rhs)
    host = np.asarray(jax.device_get(p))
    print("pressure range", float(host.min()), float(host.max()))
    return p


if __name__ == "__main__":
    main(*inputs())
