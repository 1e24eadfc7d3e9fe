"""Bucket soil-moisture ensemble driven by perturbed rainfall; ensemble mean per tile."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class LandConfig:
    tile_axis: str = "tile"
    member_axis: str = "member"
    porosity: float = 0.45
    drainage: float = 0.05


def make_step(cfg):
    def step(theta, forcing):
        rain, pet = forcing[0], forcing[1]
        et = pet * theta / cfg.porosity
        theta = jnp.clip(theta + rain - et - cfg.drainage * theta, 0.0, cfg.porosity)
        return theta, theta
    return step


def ensemble_run(cfg, theta0, forcing):
    theta, _ = jax.lax.scan(make_step(cfg), theta0, forcing)
    mean = jax.lax.pmean(theta, cfg.member_axis)
    mean_all = jax.lax.all_gather(mean, cfg.tile_axis, axis=0, tiled=True, to="reduced")
    return theta, mean_all


def inputs():
    rng = np.random.default_rng(30)
    theta0 = np.full((8, 4), 0.3, np.float32)
    forcing = np.abs(rng.normal(size=(10, 2, 8, 4)) * 0.01).astype(np.float32)
    return theta0, forcing


def main(theta0, forcing):
    cfg = LandConfig()
    mesh = jax.make_mesh((4, 2), (cfg.tile_axis, cfg.member_axis))
    t, m = cfg.tile_axis, cfg.member_axis
    theta0 = jax.device_put(theta0, NamedSharding(mesh, P(t, m)))
    forcing = jax.device_put(forcing, NamedSharding(mesh, P(None, None, t, m)))
    fn = jax.shard_map(lambda a, b: ensemble_run(cfg, a, b), mesh=mesh,
                       in_specs=(P(t, m), P(None, None, t, m)),
                       out_specs=(P(t, m), P(None, None, reduced={t})))
    return fn(theta0, forcing)


if __name__ == "__main__":
    main(*inputs())
