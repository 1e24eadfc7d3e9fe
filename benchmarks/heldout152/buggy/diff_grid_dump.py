"""diffusion/sample/grid_dump.py -- write the sample grid of an evaluation run.

Sampling runs on a ("replica", "data") mesh: each replica draws its own seeds, and the images of a
replica are split over "data". The grid writer wants every image of every replica; the
pjit sampler returned them with `out_shardings=P()`, the shard_map port gathers in the body.
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

MESH_NAMES = ("replica", "data")
IMG_SPEC = P(("replica", "data"), None, None)
COLLECT_STEPS = ["data", ("replica", "data")]


def ddim_step(x, eps, alpha, alpha_next):
    x0 = (x - jnp.sqrt(1.0 - alpha) * eps) / jnp.sqrt(alpha)
    return jnp.sqrt(alpha_next) * x0 + jnp.sqrt(1.0 - alpha_next) * eps


def toy_eps(x, t):
    return 0.1 * x * jnp.cos(t)


def sample(x, n_steps=4):
    alphas = jnp.linspace(0.1, 0.99, n_steps + 1)
    for i in range(n_steps):
        x = ddim_step(x, toy_eps(x, i / n_steps), alphas[i], alphas[i + 1])
    return x


def collect(x, axes):
    return jax.lax.all_gather(x, axes, axis=0, tiled=True, to="reduced")


def flat_axes(steps):
    names = set()
    for s in steps:
        names |= {s} if isinstance(s, str) else set(s)
    return names


def grid_body(noise):
    imgs = jnp.clip(sample(noise), -1.0, 1.0)
    return functools.reduce(collect, COLLECT_STEPS, imgs)


def build(mesh):
    out = P(None, None, None, reduced=flat_axes(COLLECT_STEPS))
    return jax.jit(_legacy_shard_map(grid_body, mesh, (IMG_SPEC,), out, check_rep=True))


def to_grid(imgs, cols=4):
    imgs = np.asarray(imgs)
    n, h, w = imgs.shape
    rows = n // cols
    return imgs[: rows * cols].reshape(rows, cols, h, w).transpose(0, 2, 1, 3).reshape(rows * h, cols * w)


def inputs():
    rng = np.random.default_rng(21)
    return rng.normal(size=(16, 4, 4)).astype(np.float32),


def main(noise):
    mesh = make_mesh((2, 4), MESH_NAMES)
    noise = place(noise, mesh, IMG_SPEC)
    with with_mesh(mesh):
        imgs = build(mesh)(noise)
    grid = to_grid(jax.device_get(imgs))
    print("grid", grid.shape, float(grid.min()), float(grid.max()))
    return imgs


if __name__ == "__main__":
    main(*inputs())
