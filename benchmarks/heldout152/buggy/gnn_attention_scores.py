"""graphs/gat/attention_scores.py -- edge scores of the graph-attention layer.

Node projections are split over "nodes" (rows) and "feat" (heads). Each device scores its own
nodes against every node, so the source projections are gathered over "nodes"; since the
xmap-to-shard_map port they stay reduced (their gradient is summed back to the owner).
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

PROJ_SPEC = P("nodes", "feat")
ADJ_SPEC = P("nodes", None)
NEG_SLOPE = 0.2


def all_sources(src_block):
    return jax.lax.all_gather(src_block, "nodes", axis=0, tiled=True, to="reduced")


def edge_logits(dst, src_all, a_dst, a_src, negative_slope=NEG_SLOPE):
    raw = (dst * a_dst)[:, None, :] + (src_all * a_src)[None, :, :]
    return jax.nn.leaky_relu(raw, negative_slope)


def masked_softmax(logits, mask):
    logits = jnp.where(mask[..., None] > 0, logits, -1e9)
    logits = logits - jnp.max(logits, axis=1, keepdims=True)
    e = jnp.exp(logits)
    return e / jnp.sum(e, axis=1, keepdims=True)


def gat_scores(dst_proj, src_proj, adj_rows, att):
    src_all = all_sources(src_proj)
    logits = edge_logits(dst_proj, src_all, att[0], att[1])
    return masked_softmax(logits, adj_rows)


def build(mesh):
    specs = (PROJ_SPEC, PROJ_SPEC, ADJ_SPEC, P(None, "feat"))
    out = P("nodes", None, "feat")
    return jax.jit(smap(gat_scores, mesh, specs, out, check_rep=True))


def inputs():
    rng = np.random.default_rng(37)
    dst = rng.normal(size=(8, 4)).astype(np.float32)
    src = rng.normal(size=(8, 4)).astype(np.float32)
    adj = ((rng.random((8, 8)) < 0.4) | np.eye(8, dtype=bool)).astype(np.float32)
    att = rng.normal(size=(2, 4)).astype(np.float32)
    return dst, src, adj, att


def main(dst, src, adj, att):
    mesh = make_mesh((2, 4), ("nodes", "feat"))
    dst = place(dst, mesh, PROJ_SPEC)
    src = place(src, mesh, PROJ_SPEC)
    adj = place(adj, mesh, ADJ_SPEC)
    att = place(att, mesh, P(None, "feat"))
    with with_mesh(mesh):
        alpha = build(mesh)(dst, src, adj, att)
    host = np.asarray(jax.device_get(alpha))
    print("attention rows sum to", host.sum(axis=1)[:2, 0])
    return alpha


if __name__ == "__main__":
    main(*inputs())
