"""moe/train/aux_losses.py -- router z-loss and balance loss of the MoE trainer.

Both losses were averaged with `lax.pmean(x, ("data", "expert", "model"))` in the xmap trainer,
where every named axis was summed over. Logits are split over "data" (tokens) and "expert".
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

from typing import Callable, NamedTuple

MESH_NAMES = ("data", "expert", "model")
LOGIT_SPEC = P("data", "expert")


class LossTerm(NamedTuple):
    name: str
    fn: Callable
    weight: float


def z_loss(logits):
    m = jax.lax.pmax(jnp.max(logits, axis=-1), "expert")
    lse = m + jnp.log(jax.lax.psum(jnp.sum(jnp.exp(logits - m[:, None]), axis=-1), "expert"))
    return jnp.mean(lse * lse)


def entropy_bonus(logits):
    m = jax.lax.pmax(jnp.max(logits, axis=-1, keepdims=True), "expert")
    e = jnp.exp(logits - m)
    p = e / jax.lax.psum(jnp.sum(e, axis=-1, keepdims=True), "expert")
    h = -jax.lax.psum(jnp.sum(p * jnp.log(p + 1e-9), axis=-1), "expert")
    return -jnp.mean(h)


TERMS = (
    LossTerm("z_loss", z_loss, 1e-3),
    LossTerm("entropy", entropy_bonus, 1e-2),
)


def total_aux(logits, terms=TERMS, mean_axes=MESH_NAMES):
    out = {}
    for term in terms:
        value = term.weight * term.fn(logits)
        out[term.name] = jax.lax.pmean(value, mean_axes)
    return out


def build(mesh):
    out_specs = {t.name: P() for t in TERMS}
    return jax.jit(smap(total_aux, mesh, (LOGIT_SPEC,), out_specs, check_rep=True))


def inputs():
    rng = np.random.default_rng(18)
    return (rng.normal(size=(16, 8)) * 2).astype(np.float32),


def main(logits):
    mesh = make_mesh((2, 2, 2), MESH_NAMES)
    logits = place(logits, mesh, LOGIT_SPEC)
    with with_mesh(mesh):
        losses = build(mesh)(logits)
    print({k: float(v) for k, v in losses.items()})
    return losses


if __name__ == "__main__":
    main(*inputs())
