"""Ensemble Kalman filter: ensemble members sharded over `member`, state over `grid`."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class FilterConfig:
    member_axis: str = "member"
    grid_axis: str = "grid"
    obs_noise: float = 0.1


def analysis(ens, obs, cfg):
    mean = jax.lax.pmean(ens, cfg.member_axis)
    anom = ens - mean
    innov = obs - mean
    gain = jax.lax.pmean(anom * anom, cfg.member_axis)
    gain = gain / (gain + cfg.obs_noise)
    return ens + gain * innov, mean


def main(mesh, ens, obs, cfg=FilterConfig()):
    def body(ens, obs):
        updated, mean = analysis(ens, obs, cfg)
        spread = jax.lax.pmean(jnp.abs(updated - mean), cfg.member_axis)
        shared = jax.lax.all_gather(spread, cfg.member_axis, axis=0, tiled=True, to="reduced")
        return updated, shared

    f = jax.shard_map(body, mesh=mesh,
                      in_specs=(P(cfg.member_axis, cfg.grid_axis), P(None, cfg.grid_axis)),
                      out_specs=(P(cfg.member_axis, cfg.grid_axis),
                                 P(None, cfg.grid_axis, reduced={cfg.member_axis})))
    return f(ens, obs)


def inputs():
    mesh = jax.make_mesh((4, 2), ("member", "grid"))
    ens = jax.random.normal(jax.random.key(1), (8, 16))
    obs = jnp.zeros((1, 16))
    return (mesh, jax.device_put(ens, NamedSharding(mesh, P("member", "grid"))),
            jax.device_put(obs, NamedSharding(mesh, P(None, "grid"))))
