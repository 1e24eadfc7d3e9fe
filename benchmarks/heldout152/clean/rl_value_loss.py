"""rl/learner/value_loss.py -- clipped value loss of the PPO learner on the actor-learner mesh.

Values are (envs, time): envs over "actor", time over "learner". The loss is a plain sum over
every device, so the per-device partial sum varies on both axes and one psum over the pair is
right; the explained-variance statistic is computed from those sums.
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

MESH_NAMES = ("actor", "learner")
VALUE_SPEC = P("actor", "learner")


@dataclasses.dataclass(frozen=True)
class ValueLossConfig:
    clip: float = 0.2
    axes: tuple = MESH_NAMES


def clipped_sq_error(values, old_values, returns, clip):
    clipped = old_values + jnp.clip(values - old_values, -clip, clip)
    return jnp.maximum((values - returns) ** 2, (clipped - returns) ** 2)


def value_loss_body(cfg):
    def body(values, old_values, returns):
        err = clipped_sq_error(values, old_values, returns, cfg.clip)
        n = jax.lax.psum(err.size, cfg.axes)
        loss = jax.lax.psum(jnp.sum(err), cfg.axes) / n
        r_sum = jax.lax.psum(jnp.sum(returns), cfg.axes)
        r_sq = jax.lax.psum(jnp.sum(returns * returns), cfg.axes)
        resid = jax.lax.psum(jnp.sum((returns - values) ** 2), cfg.axes)
        var_r = r_sq / n - (r_sum / n) ** 2
        explained = 1.0 - (resid / n) / jnp.maximum(var_r, 1e-8)
        return loss, explained
    return body


def build(mesh, cfg):
    specs = (VALUE_SPEC,) * 3
    return jax.jit(smap(value_loss_body(cfg), mesh, specs, (P(), P()), check_rep=True))


def inputs():
    rng = np.random.default_rng(47)
    returns = rng.normal(size=(8, 16)).astype(np.float32)
    values = (returns + 0.3 * rng.normal(size=(8, 16))).astype(np.float32)
    old_values = (values + 0.1 * rng.normal(size=(8, 16))).astype(np.float32)
    return values, old_values, returns


def main(values, old_values, returns):
    mesh = make_mesh((4, 2), MESH_NAMES)
    args = [place(a, mesh, VALUE_SPEC) for a in (values, old_values, returns)]
    with with_mesh(mesh):
        loss, explained = build(mesh, ValueLossConfig())(*args)
    print("value loss", float(loss), "explained variance", float(explained))
    return loss


if __name__ == "__main__":
    main(*inputs())
