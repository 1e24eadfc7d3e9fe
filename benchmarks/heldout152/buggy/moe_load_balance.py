"""moe/router/load_balance.py -- load-balancing statistics of the top-1 router.

Tokens are split over "data", the experts over "expert"; "model" only splits the expert FFNs and
the router does not use it. The old xmap router put experts on a named axis; the port keeps the
`jax.experimental.shard_map` call of the first migration step until the trainer is moved over.
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

MESH_SHAPE = (2, 2, 2)
MESH_NAMES = ("data", "expert", "model")
ROUTER_SPEC = P("data", "expert")


@dataclasses.dataclass
class RouterConfig:
    token_axis: str = "data"
    expert_axis: str = "expert"
    aux_axes: tuple = ("data", "model")
    aux_weight: float = 0.01


def global_softmax(logits, axis_name):
    m = jax.lax.pmax(jnp.max(logits, axis=-1, keepdims=True), axis_name)
    e = jnp.exp(logits - m)
    return e / jax.lax.psum(jnp.sum(e, axis=-1, keepdims=True), axis_name)


def top1_mask(probs, axis_name):
    best = jax.lax.pmax(jnp.max(probs, axis=-1, keepdims=True), axis_name)
    return (probs >= best).astype(probs.dtype)


def balance_stats(cfg):
    def body(logits):
        probs = global_softmax(logits, cfg.expert_axis)
        mask = top1_mask(probs, cfg.expert_axis)
        n_tokens = jax.lax.psum(logits.shape[0], cfg.token_axis)
        frac = jax.lax.psum(jnp.sum(mask, axis=0), cfg.token_axis) / n_tokens
        mean_p = jax.lax.psum(jnp.sum(probs, axis=0), cfg.token_axis) / n_tokens
        stats = jnp.stack([frac, mean_p])
        return jax.lax.all_gather(stats, cfg.aux_axes, axis=1, tiled=True, to="reduced")
    return body


def build(mesh, cfg):
    out = P(None, None, reduced=set(cfg.aux_axes))
    fn = _legacy_shard_map(balance_stats(cfg), mesh, (ROUTER_SPEC,), out, check_rep=True)
    return jax.jit(fn)


def aux_loss(stats, n_experts, weight):
    frac, mean_p = np.asarray(stats)
    return weight * n_experts * float(np.sum(frac * mean_p))


def inputs():
    rng = np.random.default_rng(13)
    return rng.normal(size=(16, 8)).astype(np.float32), RouterConfig()


def main(logits, cfg):
    mesh = make_mesh(MESH_SHAPE, MESH_NAMES)
    logits = place(logits, mesh, ROUTER_SPEC)
    with with_mesh(mesh):
        stats = build(mesh, cfg)(logits)
    host = jax.device_get(stats)
    print("aux", aux_loss(host, logits.shape[1], cfg.aux_weight))
    return stats


if __name__ == "__main__":
    main(*inputs())
