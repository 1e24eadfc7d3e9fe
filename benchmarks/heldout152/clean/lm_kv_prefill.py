"""lm/serve/kv_cache_gather.py -- prefill attention with a sequence-split KV cache.

The cache is split over "model" along the sequence and over "data" along the batch. Prefill needs
every key of the sequence on each device; the keys are gathered with `to="invarying"` (no
gradient flows through serving) and the scores are normalised with a local softmax.
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

MESH_AXES = ("data", "model")
CACHE_SPEC = P("data", "model", None)
QUERY_SPEC = P("data", "model", None)


def whole_sequence(block):
    return jax.lax.all_gather(block, "model", axis=1, tiled=True, to="invarying")


def causal_mask(q_len, k_len, q_offset):
    qi = q_offset + jnp.arange(q_len)[:, None]
    ki = jnp.arange(k_len)[None, :]
    return ki <= qi


def prefill_attention(q, k, v):
    k_all = whole_sequence(k) * (1.0 / math.sqrt(q.shape[-1]))
    v_all = whole_sequence(v)
    scores = jnp.einsum("bqd,bkd->bqk", q, k_all)
    offset = jax.lax.axis_index("model") * q.shape[1]
    mask = causal_mask(q.shape[1], k_all.shape[1], offset)
    scores = jnp.where(mask[None], scores, -1e9)
    probs = jax.nn.softmax(scores, axis=-1)
    return jnp.einsum("bqk,bkd->bqd", probs, v_all)


def build(mesh):
    specs = (QUERY_SPEC, CACHE_SPEC, CACHE_SPEC)
    return jax.jit(smap(prefill_attention, mesh, specs, QUERY_SPEC, check_rep=True))


def inputs():
    rng = np.random.default_rng(44)
    q, k, v = (rng.normal(size=(4, 16, 8)).astype(np.float32) for _ in range(3))
    return q, k, v


def main(q, k, v):
    mesh = make_mesh((4, 2), MESH_AXES)
    q, k, v = (place(a, mesh, CACHE_SPEC) for a in (q, k, v))
    with with_mesh(mesh):
        out = build(mesh)(q, k, v)
    host = np.asarray(jax.device_get(out))
    print("prefill out", host.shape, float(np.abs(host).mean()))
    return out


if __name__ == "__main__":
    main(*inputs())
