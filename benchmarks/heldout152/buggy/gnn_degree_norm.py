"""graphs/gcn/degree_norm.py -- symmetric degree normalisation for the sharded GCN layer.

The dense adjacency block layout comes from the pjit GCN: rows (nodes) over "nodes", columns
(neighbours) over "feat", which also splits the feature dimension. Degrees are needed by every
device that holds a row block; the layout table says which axes the degree vector is gathered over.
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

from jax.experimental.pjit import pjit


class GraphLayout(NamedTuple):
    row_axis: str = "nodes"
    col_axis: str = "feat"
    degree_axes: tuple = ("feat",)


LAYOUT = GraphLayout()
ADJ_SPEC = P(LAYOUT.row_axis, LAYOUT.col_axis)


def degrees(adj_block, layout):
    local = jnp.sum(adj_block, axis=1)
    return jax.lax.psum(local, layout.col_axis) + 1.0


def degree_body(layout):
    def body(adj_block):
        deg = degrees(adj_block, layout)
        inv_sqrt = jax.lax.rsqrt(deg)
        return jax.lax.all_gather(inv_sqrt, layout.degree_axes, axis=0, tiled=True, to="reduced")
    return body


def build(mesh, layout=LAYOUT):
    out = P(None, reduced=set(layout.degree_axes))
    fn = smap(degree_body(layout), mesh, (ADJ_SPEC,), out, check_rep=True)
    return pjit(fn)


def normalise(adj, d_inv_sqrt):
    adj = np.asarray(adj) + np.eye(adj.shape[0], dtype=adj.dtype)
    d = np.asarray(d_inv_sqrt)
    return d[:, None] * adj * d[None, :]


def random_graph(rng, n, p):
    a = (rng.random((n, n)) < p).astype(np.float32)
    a = np.triu(a, 1)
    return a + a.T


def inputs():
    rng = np.random.default_rng(32)
    return random_graph(rng, 16, 0.25),


def main(adj):
    mesh = make_mesh((2, 4), (LAYOUT.row_axis, LAYOUT.col_axis))
    placed = place(adj, mesh, ADJ_SPEC)
    with mesh:
        d_inv_sqrt = build(mesh)(placed)
    norm_adj = normalise(adj, jax.device_get(d_inv_sqrt))
    print("row sums", norm_adj.sum(axis=1)[:4])
    return d_inv_sqrt


if __name__ == "__main__":
    main(*inputs())
