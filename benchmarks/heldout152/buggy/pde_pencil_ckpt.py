"""cfd/io/checkpoint_pencils.py -- checkpoint the flow field as x-pencils.

The solver keeps the field split over all three mesh axes ("x", "y", "z"); the checkpoint format
stores pencils (whole along z). The pjit writer did the relayout with `out_shardings`; the port
uses `top_level_all_gather` from a table of pencil layouts.
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

import dataclasses
import json

GRID_AXES = ("x", "y", "z")
SOLVER_SPEC = P("x", "y", "z")


@dataclasses.dataclass(frozen=True)
class PencilLayout:
    name: str
    keep: tuple

    def spec(self, all_axes=GRID_AXES):
        dropped = {a for a in all_axes if a not in self.keep}
        return P(*self.keep, None, reduced=dropped)


LAYOUTS = {
    "z_pencil": PencilLayout("z_pencil", ("x", "y")),
    "y_pencil": PencilLayout("y_pencil", ("x", "z")),
}


@jax.jit
def energy_density(u, rho=1.0):
    e = 0.5 * rho * u * u
    return jnp.where(jnp.isfinite(e), e, 0.0)


def to_layout(field, layout):
    return top_level_all_gather(field, layout.spec())


def checkpoint(field, formats):
    written = {}
    for fmt in formats:
        out = to_layout(field, LAYOUTS[fmt])
        written[fmt] = (tuple(out.shape), str(out.sharding.spec))
    return written


def inputs():
    rng = np.random.default_rng(41)
    return rng.normal(size=(8, 8, 8)).astype(np.float32), ["z_pencil", "y_pencil"]


def main(u, formats):
    mesh = make_mesh((2, 2, 2), GRID_AXES)
    u = place(u, mesh, SOLVER_SPEC)
    with with_mesh(mesh):
        w = energy_density(u)
        written = checkpoint(w, formats)
    print(json.dumps(written))
    return w


if __name__ == "__main__":
    main(*inputs())
