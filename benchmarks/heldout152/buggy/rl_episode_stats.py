"""rl/learner/episode_stats.py -- episode-return statistics of the actor-learner trainer.

Rollouts arrive as (envs, time) blocks: envs split over "actor", the time chunks over "learner".
The stats used to be computed in a pmap over actors with a nested xmap over time; this is the
shard_map version, with the old axis enum kept for the config files.
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

import enum

MESH_SHAPE = (4, 2)


class Axis(str, enum.Enum):
    ACTOR = "actor"
    LEARNER = "learner"


ROLLOUT_SPEC = P(Axis.ACTOR.value, Axis.LEARNER.value)


class EpisodeStats:
    """Per-env returns, gathered for the dashboard."""

    log_axis = Axis.LEARNER

    def __init__(self, gamma=0.99):
        self.gamma = gamma

    def discounted_chunk(self, rewards):
        t_local = rewards.shape[1]
        start = jax.lax.axis_index(Axis.LEARNER.value) * t_local
        steps = start + jnp.arange(t_local)
        return jnp.sum(rewards * self.gamma ** steps, axis=1)

    def returns(self, rewards):
        return jax.lax.psum(self.discounted_chunk(rewards), Axis.LEARNER.value)

    def body(self, rewards, dones):
        ret = self.returns(rewards)
        lengths = jax.lax.psum(jnp.sum(1.0 - dones, axis=1), Axis.LEARNER.value)
        row = jnp.stack([ret, lengths], axis=-1)
        return jax.lax.all_gather(row, self.log_axis.value, axis=0, tiled=True, to="reduced")

    def out_spec(self):
        return P(None, None, reduced={self.log_axis.value})


def build(mesh, stats):
    fn = smap(stats.body, mesh, (ROLLOUT_SPEC, ROLLOUT_SPEC), stats.out_spec(), check_rep=True)
    return jax.jit(fn)


def inputs():
    rng = np.random.default_rng(26)
    rewards = rng.normal(size=(16, 20)).astype(np.float32)
    dones = (rng.random(size=(16, 20)) < 0.05).astype(np.float32)
    return rewards, dones


def main(rewards, dones):
    mesh = make_mesh(MESH_SHAPE, tuple(a.value for a in Axis))
    rewards = place(rewards, mesh, ROLLOUT_SPEC)
    dones = place(dones, mesh, ROLLOUT_SPEC)
    stats = EpisodeStats()
    with with_mesh(mesh):
        rows = build(mesh, stats)(rewards, dones)
    host = np.asarray(jax.device_get(rows))
    print("mean return", float(host[:, 0].mean()), "mean length", float(host[:, 1].mean()))
    return rows


if __name__ == "__main__":
    main(*inputs())
