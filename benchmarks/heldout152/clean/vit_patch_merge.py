"""vision/vit/patch_merge.py -- patch merging with halo rows for the Swin-style stage.

Token grids are split over "batch" (images) and "spatial" (rows of patches). Merging 2x2 windows
needs one row from the next device, fetched with `ppermute`; the merged grid is gathered over
"spatial" for the pooling head and kept reduced, which the output spec says.
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

MESH_NAMES = ("batch", "spatial")
GRID_SPEC = P("batch", "spatial", None, None)
N_SPATIAL = 4


def next_row(grid):
    perm = [(i, (i - 1) % N_SPATIAL) for i in range(N_SPATIAL)]
    return jax.lax.ppermute(grid[:, :1], "spatial", perm)


def merge_windows(grid):
    halo = next_row(grid)
    ext = jnp.concatenate([grid, halo], axis=1)
    rows = 0.5 * (ext[:, :-1] + ext[:, 1:])
    cols = 0.5 * (rows[:, :, 0::2] + rows[:, :, 1::2])
    return cols


def merge_body(grid, proj):
    merged = merge_windows(grid) @ proj
    merged = jax.nn.gelu(merged)
    return jax.lax.all_gather(merged, "spatial", axis=1, tiled=True, to="reduced")


def build(mesh):
    out = P("batch", None, None, None, reduced={"spatial"})
    return jax.jit(smap(merge_body, mesh, (GRID_SPEC, P(None, None)), out, check_rep=True))


def pool_head(merged):
    merged = np.asarray(merged)
    return merged.mean(axis=(1, 2))


def inputs():
    rng = np.random.default_rng(45)
    grid = rng.normal(size=(4, 8, 8, 6)).astype(np.float32)
    proj = (rng.normal(size=(6, 6)) / 3).astype(np.float32)
    return grid, proj


def main(grid, proj):
    mesh = make_mesh((2, N_SPATIAL), MESH_NAMES)
    grid = place(grid, mesh, GRID_SPEC)
    proj = place(proj, mesh, P(None, None))
    with with_mesh(mesh):
        merged = build(mesh)(grid, proj)
    pooled = pool_head(jax.device_get(merged))
    print("pooled", pooled.shape)
    return merged


if __name__ == "__main__":
    main(*inputs())
