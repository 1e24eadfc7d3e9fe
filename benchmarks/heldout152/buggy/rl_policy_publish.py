"""rl/learner/policy_publish.py -- publish the policy weights from the learners to the actors.

The policy's output layer is split over "learner" (action logits); actors need whole weights.
The pmap learner broadcast with `jax.device_put_replicated`; the port regathers on the learner
mesh with `top_level_all_gather` and keeps a publish spec per leaf.
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

from typing import NamedTuple

MESH_NAMES = ("actor", "learner")


class Policy(NamedTuple):
    torso: jax.Array
    logits: jax.Array


TRAIN_SPECS = Policy(torso=P(None, None), logits=P(None, "learner"))
ALL_AXES = set(MESH_NAMES)
PUBLISH_SPECS = Policy(torso=None, logits=P(None, None, reduced=ALL_AXES))


def init_policy(rng, obs_dim=6, hidden=8, actions=4):
    return Policy(
        torso=(rng.normal(size=(obs_dim, hidden)) / np.sqrt(obs_dim)).astype(np.float32),
        logits=(rng.normal(size=(hidden, actions)) / np.sqrt(hidden)).astype(np.float32),
    )


def place_policy(policy, mesh):
    return Policy(*(place(v, mesh, s) for v, s in zip(policy, TRAIN_SPECS)))


@jax.jit
def sgd(policy, obs, adv_actions, lr=0.05):
    def loss(p):
        h = jnp.tanh(obs @ p.torso)
        return -jnp.mean(jnp.sum(jax.nn.log_softmax(h @ p.logits) * adv_actions, axis=-1))
    grads = jax.grad(loss)(policy)
    return jax.tree.map(lambda p, g: p - lr * g, policy, grads)


def publish(policy):
    out = []
    for leaf, spec in zip(policy, PUBLISH_SPECS):
        out.append(leaf if spec is None else top_level_all_gather(leaf, spec))
    return Policy(*out)


def inputs():
    rng = np.random.default_rng(29)
    obs = rng.normal(size=(16, 6)).astype(np.float32)
    adv_actions = np.eye(4, dtype=np.float32)[rng.integers(0, 4, size=16)] * rng.normal(size=(16, 1)).astype(np.float32)
    return init_policy(rng), obs, adv_actions


def main(policy, obs, adv_actions):
    mesh = make_mesh((4, 2), MESH_NAMES)
    policy = place_policy(policy, mesh)
    obs = place(obs, mesh, P(None, None))
    adv_actions = place(adv_actions, mesh, P(None, "learner"))
    with with_mesh(mesh):
        policy = sgd(policy, obs, adv_actions)
        published = publish(policy)
    print({k: v.shape for k, v in published._asdict().items()})
    return published.logits


if __name__ == "__main__":
    main(*inputs())
