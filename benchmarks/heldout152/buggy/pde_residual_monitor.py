"""cfd/solver/residual_monitor.py -- per-slab residual monitor for the 3-D Poisson solver.

The grid is split over a ("x", "y", "z") mesh of 2x2x2 devices. Each x-slab's residual norm is
logged so the solver driver can see which slab converges last. The command-line flags are the
same as for the pjit solver (`--slab-axis`, `--tol`).
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

import argparse

GRID_AXES = ("x", "y", "z")
FIELD_SPEC = P("x", "y", "z")


def parse_flags(argv):
    parser = argparse.ArgumentParser(prog="residual_monitor")
    parser.add_argument("--slab-axis", default="x")
    parser.add_argument("--tol", type=float, default=1e-3)
    parser.add_argument("--h", type=float, default=0.1)
    return parser.parse_args(argv)


def laplacian(u, h):
    lap = -6.0 * u
    for axis in range(3):
        lap = lap + jnp.roll(u, 1, axis=axis) + jnp.roll(u, -1, axis=axis)
    return lap / (h * h)


def residual_body(flags):
    other = tuple(a for a in GRID_AXES if a != "x")

    def body(u, f):
        r = f - laplacian(u, flags.h)
        slab_sq = jax.lax.psum(jnp.sum(r * r), other)
        slab_norm = jnp.sqrt(slab_sq)[None]
        return jax.lax.all_gather(slab_norm, flags.slab_axis, axis=0, tiled=True, to="reduced")
    return body


def build(mesh, flags):
    out = P(None, reduced={flags.slab_axis})
    fn = smap(residual_body(flags), mesh, (FIELD_SPEC, FIELD_SPEC), out, check_rep=True)
    return jax.jit(fn)


def converged(norms, tol):
    norms = np.asarray(norms)
    return bool(np.all(norms < tol)), int(np.argmax(norms))


def inputs():
    rng = np.random.default_rng(38)
    u = rng.normal(size=(8, 8, 8)).astype(np.float32) * 0.01
    f = rng.normal(size=(8, 8, 8)).astype(np.float32)
    return u, f, ["--slab-axis", "y", "--tol", "1e-2"]


def main(u, f, argv):
    flags = parse_flags(argv)
    mesh = make_mesh((2, 2, 2), GRID_AXES)
    u = place(u, mesh, FIELD_SPEC)
    f = place(f, mesh, FIELD_SPEC)
    with with_mesh(mesh):
        norms = build(mesh, flags)(u, f)
    done, worst = converged(jax.device_get(norms), flags.tol)
    print("converged", done, "worst slab", worst)
    return norms


if __name__ == "__main__":
    main(*inputs())
