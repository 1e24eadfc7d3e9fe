"""rl/learner/entropy_schedule.py -- policy entropy and KL monitoring for the entropy schedule.

Logits are (envs, actions): envs over "actor", actions over "learner". The xmap version averaged
every statistic over both named axes with one `pmean`; the port computes the softmax over the
split action axis by hand and keeps the final mean over the mesh axes from the config.
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

LOGIT_SPEC = P("actor", "learner")


@dataclasses.dataclass
class ScheduleConfig:
    env_axis: str = "actor"
    action_axis: str = "learner"
    target_entropy: float = 1.0
    mean_axes: tuple = ()

    def __post_init__(self):
        if not self.mean_axes:
            self.mean_axes = (self.env_axis, self.action_axis)


def split_log_softmax(logits, axis_name):
    m = jax.lax.pmax(jnp.max(logits, axis=-1, keepdims=True), axis_name)
    z = jnp.log(jax.lax.psum(jnp.sum(jnp.exp(logits - m), axis=-1, keepdims=True), axis_name))
    return logits - m - z


def entropy(logits, axis_name):
    logp = split_log_softmax(logits, axis_name)
    return -jax.lax.psum(jnp.sum(jnp.exp(logp) * logp, axis=-1), axis_name)


def kl(new_logits, old_logits, axis_name):
    lp = split_log_softmax(new_logits, axis_name)
    lq = split_log_softmax(old_logits, axis_name)
    return jax.lax.psum(jnp.sum(jnp.exp(lp) * (lp - lq), axis=-1), axis_name)


def monitor(cfg, new_logits, old_logits):
    h = jnp.mean(entropy(new_logits, cfg.action_axis))
    d = jnp.mean(kl(new_logits, old_logits, cfg.action_axis))
    stats = jnp.stack([h, d])
    return jax.lax.pmean(stats, cfg.mean_axes)


def build(mesh, cfg):
    body = functools.partial(monitor, cfg)
    return jax.jit(smap(body, mesh, (LOGIT_SPEC, LOGIT_SPEC), P(), check_rep=True))


def next_coef(coef, h, target, rate=0.1):
    return float(coef * np.exp(rate * (target - h)))


def inputs():
    rng = np.random.default_rng(30)
    new = rng.normal(size=(16, 6)).astype(np.float32)
    old = (new + 0.1 * rng.normal(size=(16, 6))).astype(np.float32)
    return new, old, ScheduleConfig()


def main(new, old, cfg):
    mesh = make_mesh((4, 2), (cfg.env_axis, cfg.action_axis))
    new = place(new, mesh, LOGIT_SPEC)
    old = place(old, mesh, LOGIT_SPEC)
    with with_mesh(mesh):
        stats = build(mesh, cfg)(new, old)
    h, d = (float(v) for v in np.asarray(stats))
    print("entropy", h, "kl", d, "coef", next_coef(0.01, h, cfg.target_entropy))
    return stats


if __name__ == "__main__":
    main(*inputs())
