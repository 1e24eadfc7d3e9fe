"""launchers/rl/returns.py: reduce-scatter of per-env returns for the sharded value targets.

The value network is split over `model`; its per-env return estimates are combined over
the reduction axes from the learner config and scattered back so each device keeps the
slice of targets it trains on.
"""
import os
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass(frozen=True)
class LearnerConfig:
    envs: int = 64
    features: int = 8
    reduce_axes: tuple = ("envs", "model")
    mesh_shape: tuple = (4, 2)
    extra: dict = field(default_factory=dict)


def config_with_overrides(env):
    cfg = LearnerConfig()
    if "REDUCE_AXES" in env:
        cfg = LearnerConfig(reduce_axes=tuple(env["REDUCE_AXES"].split(",")))
    return cfg


def value_estimates(obs, w):
    partial_values = obs @ w
    return jax.lax.psum(partial_values, "model")


def make_targets(cfg, mesh):
    def body(obs, w):
        v = value_estimates(obs, w)
        targets = jax.lax.psum_scatter(v[:, 0], cfg.reduce_axes, scatter_dimension=0, tiled=True)
        return targets

    return jax.jit(jax.shard_map(body, mesh=mesh,
                                 in_specs=(P("envs", "model"), P("model", None)),
                                 out_specs=P(cfg.reduce_axes)))


def host_obs(mesh, cfg):
    rng = np.random.default_rng(jax.process_index())
    obs = rng.standard_normal((cfg.envs, cfg.features)).astype(np.float32)
    return jax.make_array_from_process_local_data(NamedSharding(mesh, P("envs", "model")), obs)


def main(env):
    cfg = config_with_overrides(env)
    mesh = jax.make_mesh(cfg.mesh_shape, ("envs", "model"))
    obs = host_obs(mesh, cfg)
    w = jax.device_put(jnp.ones((cfg.features, 2)) * 0.25, NamedSharding(mesh, P("model", None)))
    with jax.set_mesh(mesh):
        targets = make_targets(cfg, mesh)(obs, w)
    if jax.process_index() == 0:
        print("targets", targets.shape)
    return targets


def check_targets(targets, cfg):
    """Process 0 checks the scattered targets cover every environment once."""
    if jax.process_index() != 0:
        return True
    arr = np.asarray(targets)
    if arr.shape[0] != cfg.envs:
        raise ValueError(f"expected {cfg.envs} targets, got {arr.shape[0]}")
    return bool(np.isfinite(arr).all())


def inputs():
    return (dict(os.environ),)


if __name__ == "__main__":
    main(*inputs())
