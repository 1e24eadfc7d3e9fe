"""graphs/gcn/feature_relayout.py -- switch node features between row- and column-split layouts.

The GCN aggregation wants features split by node rows over "nodes"; the feature transform wants
them split by feature columns. The xmap implementation did this with a named-axis transpose; the
port uses `all_to_all` over "feat". Debug builds first stitch the columns for a checksum.
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

import os

FEAT_SPEC = P("nodes", "feat")
ROW_SPEC = P(("nodes", "feat"), None)
DEBUG_CHECKSUM = os.environ.get("GCN_DEBUG_CHECKSUM", "1") == "1"


def aggregate(adj_rows, h):
    return adj_rows @ h


def stitched(h):
    return jax.lax.all_gather(h, "feat", axis=1, tiled=True, to="reduced")


def to_row_layout(h, debug=DEBUG_CHECKSUM):
    if debug:
        h = stitched(h)
        h = h[:, : h.shape[1] // 4] if h.shape[1] % 4 == 0 else h
    return jax.lax.all_to_all(h, "feat", split_axis=0, concat_axis=1, tiled=True)


def relayout_body(h):
    rows = to_row_layout(h)
    return rows / (jnp.linalg.norm(rows, axis=-1, keepdims=True) + 1e-6)


def build(mesh):
    return jax.jit(smap(relayout_body, mesh, (FEAT_SPEC,), ROW_SPEC, check_rep=True))


def propagate(adj, rows):
    rows = np.asarray(rows)
    deg = adj.sum(axis=1, keepdims=True) + 1.0
    return (adj @ rows + rows) / deg


def inputs():
    rng = np.random.default_rng(34)
    h = rng.normal(size=(16, 8)).astype(np.float32)
    adj = (rng.random((16, 16)) < 0.2).astype(np.float32)
    return h, adj


def main(h, adj):
    mesh = make_mesh((2, 4), ("nodes", "feat"))
    h = place(h, mesh, FEAT_SPEC)
    with with_mesh(mesh):
        rows = build(mesh)(h)
    out = propagate(adj, jax.device_get(rows))
    print("propagated", out.shape, float(np.abs(out).mean()))
    return rows


if __name__ == "__main__":
    main(*inputs())
