"""cfd/solver/upwind_flux.py -- minmod-limited upwind flux along y.

The scalar field is split over the 2x2x2 ("x", "y", "z") mesh. The limiter looks along the whole
y-line, so the port from pmap collects the y-line on every device of the line (reduced over "y",
so the adjoint solver gets summed sensitivities) and limits the slopes there.
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
LIMITERS = {}


def limiter(fn):
    LIMITERS[fn.__name__] = fn
    return fn


@limiter
def minmod(a, b):
    return 0.5 * (jnp.sign(a) + jnp.sign(b)) * jnp.minimum(jnp.abs(a), jnp.abs(b))


@limiter
def superbee(a, b):
    s = jnp.sign(a)
    return s * jnp.maximum(0.0, jnp.maximum(jnp.minimum(2 * jnp.abs(a), s * b), jnp.minimum(jnp.abs(a), 2 * s * b)))


def y_line(q):
    return jax.lax.all_gather(q, "y", axis=1, tiled=True, to="reduced")


def slopes(line):
    fwd = line[:, 1:, :] - line[:, :-1, :]
    return fwd[:, 1:, :], fwd[:, :-1, :]


def limited_flux(q, vel, name):
    line = y_line(q)
    a, b = slopes(line)
    phi = LIMITERS[name](a, b)
    return vel * jnp.sum(phi, axis=1, keepdims=True)


def build(mesh, name):
    body = functools.partial(limited_flux, name=name)
    out = P("x", None, "z")
    return jax.jit(smap(body, mesh, (FIELD_SPEC, P("x", None, "z")), out, check_rep=True))


def inputs():
    rng = np.random.default_rng(43)
    q = rng.normal(size=(4, 8, 4)).astype(np.float32)
    vel = np.full((4, 1, 4), 0.5, np.float32)
    return q, vel, "minmod"


def main(q, vel, name):
    mesh = make_mesh((2, 2, 2), ("x", "y", "z"))
    q = place(q, mesh, FIELD_SPEC)
    vel = place(vel, mesh, P("x", None, "z"))
    with with_mesh(mesh):
        flux = build(mesh, name)(q, vel)
    print("flux", np.asarray(flux).shape, float(np.abs(np.asarray(flux)).max()))
    return flux


if __name__ == "__main__":
    main(*inputs())
