"""vision/vit/featmap_export.py -- export intermediate feature maps for the attribution viewer.

Feature maps are split over "batch" (images) and "spatial" (rows of the patch grid). The viewer
needs whole maps, so they are regathered in stages: first the rows of each image, then the images.
Ported from the pjit exporter, which relied on `with_sharding_constraint(x, P())`.
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

from collections import OrderedDict

MESH_NAMES = ("batch", "spatial")
FEATMAP_SPEC = P("batch", "spatial", None, None)

# stage name -> (mesh axes gathered, array dimension)
GATHER_PLAN = OrderedDict(
    rows=("spatial", 1),
    images=(("batch", "spatial"), 0),
)


def channel_norm(fmap):
    mu = jnp.mean(fmap, axis=-1, keepdims=True)
    sd = jnp.std(fmap, axis=-1, keepdims=True)
    return (fmap - mu) / (sd + 1e-5)


def saliency(fmap):
    energy = jnp.sum(fmap * fmap, axis=-1)
    return jnp.sqrt(energy)


def staged_gather(x, plan):
    for stage, (axes, dim) in plan.items():
        x = jax.lax.all_gather(x, axes, axis=dim, tiled=True, to="reduced")
    return x


def gathered_axes(plan):
    axes = set()
    for names, _ in plan.values():
        axes.update((names,) if isinstance(names, str) else names)
    return axes


def export_body(fmap):
    sal = saliency(channel_norm(fmap))
    return staged_gather(sal, GATHER_PLAN)


def build_exporter(mesh):
    out = P(None, None, None, reduced=gathered_axes(GATHER_PLAN))
    return jax.jit(smap(export_body, mesh, (FEATMAP_SPEC,), out, check_rep=True))


def to_png_rows(maps):
    maps = np.asarray(maps)
    lo = maps.min(axis=(1, 2), keepdims=True)
    hi = maps.max(axis=(1, 2), keepdims=True)
    return ((maps - lo) / np.maximum(hi - lo, 1e-6) * 255).astype(np.uint8)


def inputs():
    rng = np.random.default_rng(8)
    return rng.normal(size=(4, 8, 8, 6)).astype(np.float32), "viewer/featmaps"


def main(fmap, dest):
    mesh = make_mesh((2, 4), MESH_NAMES)
    fmap = place(fmap, mesh, FEATMAP_SPEC)
    with with_mesh(mesh):
        maps = build_exporter(mesh)(fmap)
    pngs = to_png_rows(jax.device_get(maps))
    print(dest, pngs.shape, pngs.dtype)
    return maps


if __name__ == "__main__":
    main(*inputs())
