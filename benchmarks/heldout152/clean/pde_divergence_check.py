"""cfd/diagnostics/divergence_check.py -- global divergence check of the projected velocity.

The velocity components are split over the 2x2x2 ("x", "y", "z") mesh. Forward differences need
one plane from the next device along each axis (`ppermute`); the squared divergence is summed
locally and then over the whole mesh in one psum, since the partial sums vary on every axis.
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

GRID_AXES = ("x", "y", "z")
FIELD_SPEC = P("x", "y", "z")
AXIS_SIZE = 2


def from_next(block, axis_name, dim):
    perm = [(i, (i - 1) % AXIS_SIZE) for i in range(AXIS_SIZE)]
    first = jax.lax.slice_in_dim(block, 0, 1, axis=dim)
    return jax.lax.ppermute(first, axis_name, perm)


def forward_diff(block, axis_name, dim, h):
    halo = from_next(block, axis_name, dim)
    ext = jnp.concatenate([block, halo], axis=dim)
    n = block.shape[dim]
    return (jax.lax.slice_in_dim(ext, 1, n + 1, axis=dim) - block) / h


def divergence_body(u, v, w, h=0.1):
    div = (forward_diff(u, "x", 0, h) + forward_diff(v, "y", 1, h) + forward_diff(w, "z", 2, h))
    local = jnp.sum(div * div)
    total = jax.lax.psum(local, GRID_AXES)
    peak = jax.lax.pmax(jnp.max(jnp.abs(div)), GRID_AXES)
    return jnp.sqrt(total), peak


def build(mesh):
    return jax.jit(smap(divergence_body, mesh, (FIELD_SPEC,) * 3, (P(), P()), check_rep=True))


def inputs():
    rng = np.random.default_rng(48)
    return tuple(rng.normal(size=(8, 8, 8)).astype(np.float32) * 0.1 for _ in range(3))


def main(u, v, w):
    mesh = make_mesh((AXIS_SIZE,) * 3, GRID_AXES)
    u, v, w = (place(a, mesh, FIELD_SPEC) for a in (u, v, w))
    with with_mesh(mesh):
        norm, peak = build(mesh)(u, v, w)
    print("divergence L2", float(norm), "max", float(peak))
    return norm


if __name__ == "__main__":
    main(*inputs())
