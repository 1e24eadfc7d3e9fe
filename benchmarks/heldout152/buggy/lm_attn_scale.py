"""lm/serve/context_parallel_attn.py -- decoder attention with the KV cache split over the sequence.

The cache is split over "model" along the sequence (context parallelism) and over "data" along the
batch. Each device gathers the keys and values of its sequence ring once per step; the port from
the xmap kernel keeps the gathered cache reduced so its gradient comes back summed.
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

import math
from functools import partial

BATCH_AXIS = "data"
SEQ_AXIS = "model"
HEAD_DIM = 8

CACHE_SPEC = P(BATCH_AXIS, SEQ_AXIS, None)
QUERY_SPEC = P(BATCH_AXIS, None, None)


def gather_cache(block):
    return jax.lax.all_gather(block, SEQ_AXIS, axis=1, tiled=True, to="reduced")


def softmax_rows(scores):
    scores = scores - jnp.max(scores, axis=-1, keepdims=True)
    e = jnp.exp(scores)
    return e / jnp.sum(e, axis=-1, keepdims=True)


def attend(q, k, v, scale):
    k = gather_cache(k)
    v = gather_cache(v)
    k = k * scale
    scores = jnp.einsum("bqd,bkd->bqk", q, k)
    probs = softmax_rows(scores)
    return jnp.einsum("bqk,bkd->bqd", probs, v)


def make_decoder_step(mesh):
    scale = 1.0 / math.sqrt(HEAD_DIM)
    body = partial(attend, scale=scale)
    f = smap(body, mesh, (QUERY_SPEC, CACHE_SPEC, CACHE_SPEC), QUERY_SPEC, check_rep=True)
    return jax.jit(f)


def inputs():
    rng = np.random.default_rng(6)
    q = rng.normal(size=(4, 1, HEAD_DIM)).astype(np.float32)
    k = rng.normal(size=(4, 16, HEAD_DIM)).astype(np.float32)
    v = rng.normal(size=(4, 16, HEAD_DIM)).astype(np.float32)
    return q, k, v


def main(q, k, v):
    mesh = make_mesh((4, 2), (BATCH_AXIS, SEQ_AXIS))
    q = place(q, mesh, QUERY_SPEC)
    k = place(k, mesh, CACHE_SPEC)
    v = place(v, mesh, CACHE_SPEC)
    with with_mesh(mesh):
        out = make_decoder_step(mesh)(q, k, v)
    print("attn out", np.asarray(out).shape, float(np.abs(np.asarray(out)).mean()))
    return out


if __name__ == "__main__":
    main(*inputs())
