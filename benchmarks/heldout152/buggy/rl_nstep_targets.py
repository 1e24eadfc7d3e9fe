"""rl/learner/nstep_targets.py -- n-step value targets over time chunks.

Rewards are (envs, time) with envs over "actor" and the time chunks over "learner". An n-step
target needs rewards from the following chunk, so each learner gathers the whole time axis
(kept reduced: the distillation pass differentiates through it). Ported from a pmap learner.
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

MESH_NAMES = ("actor", "learner")
REWARD_SPEC = P("actor", "learner")
TARGETS = {"n": 3, "gamma": 0.97, "time_axis": "learner"}


def whole_time(x, axis_name):
    return jax.lax.all_gather(x, axis_name, axis=1, tiled=True, to="reduced")


def discount_kernel(n, gamma):
    return np.asarray([gamma ** k for k in range(n)], np.float32)


def shifted(x, k):
    pad = jnp.zeros_like(x[:, :k])
    return jnp.concatenate([x[:, k:], pad], axis=1)


def nstep_returns(rewards, n, gamma):
    kernel = discount_kernel(n, gamma)
    out = rewards * kernel[0]
    for k in range(1, n):
        out = out + shifted(rewards, k) * kernel[k]
    return out


def local_window(full, block, axis_name):
    start = jax.lax.axis_index(axis_name) * block
    return jax.lax.dynamic_slice_in_dim(full, start, block, axis=1)


def make_body(cfg):
    def body(rewards, bootstrap):
        full = whole_time(rewards, cfg["time_axis"])
        returns = nstep_returns(full, cfg["n"], cfg["gamma"])
        mine = local_window(returns, rewards.shape[1], cfg["time_axis"])
        return mine + (cfg["gamma"] ** cfg["n"]) * bootstrap
    return body


def build(mesh, cfg):
    return jax.jit(smap(make_body(cfg), mesh, (REWARD_SPEC, REWARD_SPEC), REWARD_SPEC, check_rep=True))


def inputs():
    rng = np.random.default_rng(31)
    rewards = rng.normal(size=(8, 12)).astype(np.float32)
    bootstrap = rng.normal(size=(8, 12)).astype(np.float32)
    return rewards, bootstrap, dict(TARGETS)


def main(rewards, bootstrap, cfg):
    mesh = make_mesh((4, 2), MESH_NAMES)
    rewards = place(rewards, mesh, REWARD_SPEC)
    bootstrap = place(bootstrap, mesh, REWARD_SPEC)
    with with_mesh(mesh):
        targets = build(mesh, cfg)(rewards, bootstrap)
    print("targets", np.asarray(targets).shape, float(np.asarray(targets).mean()))
    return targets


if __name__ == "__main__":
    main(*inputs())
