"""cfd/diagnostics/energy_budget.py -- kinetic energy and dissipation budget per time step.

The velocity field is split over the 2x2x2 ("x", "y", "z") mesh. The column integrals along z are
shared with the boundary-layer diagnostics (psum over "z"); the volume average then runs over the
whole mesh as in the xmap diagnostics, which used one `pmean` over every named axis.
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

from typing import NamedTuple

GRID_AXES = ("x", "y", "z")
FIELD_SPEC = P("x", "y", "z")


class Budget(NamedTuple):
    kinetic: jax.Array
    dissipation: jax.Array


def column_integral(q, dz):
    return jax.lax.psum(jnp.sum(q, axis=2), "z") * dz


def gradients_sq(u, h):
    gx = (u[1:, :, :] - u[:-1, :, :]) / h
    gy = (u[:, 1:, :] - u[:, :-1, :]) / h
    return jnp.sum(gx * gx) + jnp.sum(gy * gy)


def budget_body(u, v, w, nu=1e-3, h=0.1):
    ke = 0.5 * (u * u + v * v + w * w)
    ke_cols = column_integral(ke, h)
    dissipation = nu * (gradients_sq(u, h) + gradients_sq(v, h) + gradients_sq(w, h))
    return Budget(
        kinetic=jax.lax.pmean(jnp.mean(ke_cols), GRID_AXES),
        dissipation=jax.lax.pmean(dissipation, GRID_AXES),
    )


def build(mesh):
    fn = smap(budget_body, mesh, (FIELD_SPEC,) * 3, Budget(P(), P()), check_rep=True)
    return jax.jit(fn)


def report(history):
    ke = np.array([float(b.kinetic) for b in history])
    eps = np.array([float(b.dissipation) for b in history])
    return {"ke": ke.round(4).tolist(), "eps": eps.round(4).tolist()}


def inputs():
    rng = np.random.default_rng(42)
    return [tuple(rng.normal(size=(8, 8, 8)).astype(np.float32) for _ in range(3)) for _ in range(2)],


def main(snapshots):
    mesh = make_mesh((2, 2, 2), GRID_AXES)
    history = []
    with with_mesh(mesh):
        step = build(mesh)
        for u, v, w in snapshots:
            u, v, w = (place(a, mesh, FIELD_SPEC) for a in (u, v, w))
            history.append(step(u, v, w))
    print(report(history))
    return history[-1].kinetic


if __name__ == "__main__":
    main(*inputs())
