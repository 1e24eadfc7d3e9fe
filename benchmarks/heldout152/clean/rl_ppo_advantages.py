"""rl/learner/ppo_advantages.py -- advantage normalisation for the PPO learner.

Advantages are (envs, time) blocks with envs over "actor" and time over "learner". The pmap
learner normalised with `lax.pmean` over the device axis; the port adds a "robust" mode that looks
at every env's advantages (gathered over "actor", reduced) to clip outliers before the moments.
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

MESH_NAMES = ("actor", "learner")
ADV_SPEC = P("actor", "learner")
NORMALISERS = {}


def normaliser(name):
    def register(fn):
        NORMALISERS[name] = fn
        return fn
    return register


def moments(x, axes):
    mean = jax.lax.pmean(jnp.mean(x), axes)
    sq = jax.lax.pmean(jnp.mean(x * x), axes)
    return mean, jnp.sqrt(jnp.maximum(sq - mean * mean, 1e-8))


@normaliser("standard")
def standard(adv):
    mean, std = moments(adv, MESH_NAMES)
    return (adv - mean) / std


@normaliser("robust")
def robust(adv, clip=3.0):
    every_env = jax.lax.all_gather(adv, "actor", axis=0, tiled=True, to="reduced")
    total_abs = jax.lax.psum(jnp.sum(jnp.abs(adv), axis=0), "actor")
    scale = total_abs / every_env.shape[0]
    clipped = jnp.clip(adv, -clip * scale, clip * scale)
    mean, std = moments(clipped, MESH_NAMES)
    return (clipped - mean) / std


def gae(rewards, values, gamma=0.99, lam=0.95):
    deltas = rewards + gamma * jnp.roll(values, -1, axis=1) - values
    weights = (gamma * lam) ** jnp.arange(deltas.shape[1])
    return jnp.cumsum((deltas * weights)[:, ::-1], axis=1)[:, ::-1] / weights


def build(mesh, mode):
    def body(rewards, values):
        return NORMALISERS[mode](gae(rewards, values))
    return jax.jit(smap(body, mesh, (ADV_SPEC, ADV_SPEC), ADV_SPEC, check_rep=True))


def inputs():
    rng = np.random.default_rng(28)
    rewards = rng.normal(size=(8, 16)).astype(np.float32)
    values = rng.normal(size=(8, 16)).astype(np.float32)
    return rewards, values, "robust"


def main(rewards, values, mode):
    mesh = make_mesh((4, 2), MESH_NAMES)
    rewards = place(rewards, mesh, ADV_SPEC)
    values = place(values, mesh, ADV_SPEC)
    with with_mesh(mesh):
        adv = build(mesh, mode)(rewards, values)
    host = np.asarray(jax.device_get(adv))
    print("adv mean/std", float(host.mean()), float(host.std()))
    return adv


if __name__ == "__main__":
    main(*inputs())
