"""Empirical quantile mapping: coarse reanalysis precipitation to station-scale targets."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class DownscaleConfig:
    n_quantiles: int = 8
    member_axis: str = "member"
    tile_axis: str = "tile"
    mesh_shape: tuple = (2, 4)


def inputs():
    rng = np.random.default_rng(0)
    coarse = rng.gamma(2.0, 1.5, size=(8, 32)).astype(np.float32)
    obs = rng.gamma(2.2, 1.4, size=(8, 32)).astype(np.float32)
    return coarse, obs


class QuantileMapper:
    def __init__(self, cfg: DownscaleConfig):
        self.cfg = cfg
        self.probs = jnp.linspace(0.05, 0.95, cfg.n_quantiles)

    def _quantiles(self, field):
        return jnp.quantile(field, self.probs, axis=-1).T

    def fit_block(self, coarse, obs):
        correction = self._quantiles(obs) - self._quantiles(coarse)
        pooled = jax.lax.psum(correction.sum(axis=0), self.cfg.tile_axis)
        pooled = jax.lax.pcast(pooled, self.cfg.tile_axis, to="varying")
        return jax.lax.all_gather(pooled, self.cfg.tile_axis, to="reduced")


def main(coarse, obs, cfg=DownscaleConfig()):
    mesh = jax.make_mesh(cfg.mesh_shape, (cfg.member_axis, cfg.tile_axis))
    spec = P(cfg.member_axis, cfg.tile_axis)
    coarse = jax.device_put(coarse, NamedSharding(mesh, spec))
    obs = jax.device_put(obs, NamedSharding(mesh, spec))
    mapper = QuantileMapper(cfg)
    fit = jax.shard_map(mapper.fit_block, mesh=mesh, in_specs=(spec, spec),
                        out_specs=P(cfg.member_axis, None, reduced={cfg.tile_axis}))
    return fit(coarse, obs)


if __name__ == "__main__":
    print(main(*inputs()))
