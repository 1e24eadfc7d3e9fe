"""lm/train/logit_stats.py -- per-step logit statistics for the vocab-parallel LM head.

Moved from the pjit-era logging hook (an xmap over the vocab shards) to shard_map. The head's
logits are split over "model" (vocabulary) and the batch over "data"; the dashboard gets one row
of statistics per sequence.
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
import functools

MESH_SHAPE = (4, 2)
MESH_AXES = ("data", "model")


@dataclasses.dataclass(frozen=True)
class LogitStatsConfig:
    batch_axis: str = "data"
    vocab_axis: str = "model"
    # the dashboard wants every row on every host of the step
    stats_axis: str = "data"
    temperature: float = 1.0


def vocab_parallel_logsumexp(logits, vocab_axis):
    local_max = jnp.max(logits, axis=-1, keepdims=True)
    gmax = jax.lax.pmax(local_max, vocab_axis)
    sumexp = jnp.sum(jnp.exp(logits - gmax), axis=-1, keepdims=True)
    return gmax + jnp.log(jax.lax.psum(sumexp, vocab_axis))


def target_logit(logits, targets, vocab_axis):
    shard = logits.shape[-1]
    start = jax.lax.axis_index(vocab_axis) * shard
    local = targets - start
    hit = (local >= 0) & (local < shard)
    idx = jnp.clip(local, 0, shard - 1)[..., None]
    picked = jnp.take_along_axis(logits, idx, axis=-1)
    return jax.lax.psum(jnp.where(hit[..., None], picked, 0.0), vocab_axis)


def make_stats_fn(cfg):
    def stats(logits, targets):
        logits = logits / cfg.temperature
        lse = vocab_parallel_logsumexp(logits, cfg.vocab_axis)
        nll = (lse - target_logit(logits, targets, cfg.vocab_axis))[..., 0]
        per_seq = jnp.mean(nll, axis=-1)
        spread = jnp.mean(lse[..., 0], axis=-1)
        table = jnp.stack([per_seq, spread], axis=-1)
        rows = jax.lax.all_gather(table, cfg.stats_axis, axis=0, tiled=True, to="reduced")
        return rows
    return stats


def build_step(mesh, cfg):
    in_specs = (P(cfg.batch_axis, None, cfg.vocab_axis), P(cfg.batch_axis, None))
    out_specs = P(None, None, reduced={cfg.stats_axis})
    fn = smap(make_stats_fn(cfg), mesh, in_specs, out_specs, check_rep=True)
    return jax.jit(fn)


def summarize(rows):
    host = np.asarray(jax.device_get(rows))
    return {"nll": float(host[:, 0].mean()), "lse": float(host[:, 1].mean()), "n": host.shape[0]}


def inputs():
    rng = np.random.default_rng(0)
    logits = rng.normal(size=(8, 16, 32)).astype(np.float32)
    targets = rng.integers(0, 32, size=(8, 16)).astype(np.int32)
    return logits, targets


def main(logits, targets):
    cfg = LogitStatsConfig()
    mesh = make_mesh(MESH_SHAPE, MESH_AXES)
    logits = place(logits, mesh, P(cfg.batch_axis, None, cfg.vocab_axis))
    targets = place(targets, mesh, P(cfg.batch_axis, None))
    with with_mesh(mesh):
        rows = build_step(mesh, cfg)(logits, targets)
    report = summarize(rows)
    print(report)
    return rows


if __name__ == "__main__":
    main(*inputs())
