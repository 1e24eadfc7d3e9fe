"""Background statistics of a local ensemble transform Kalman filter (LETKF)."""
from dataclasses import dataclass

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass(frozen=True)
class DAConfig:
    member_axis: str = "member"
    region_axis: str = "region"
    ensemble_size: int = 8


class LETKF:
    def __init__(self, cfg=DAConfig()):
        self.cfg = cfg

    def perturbations(self, xb):
        mean = jax.lax.pmean(xb.mean(axis=0, keepdims=True), self.cfg.member_axis)
        return xb - mean, mean

    def background_mean(self, xb):
        _, mean = self.perturbations(xb)
        return jax.lax.all_gather(mean, self.cfg.member_axis, axis=0, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(10)
    return (rng.standard_normal((8, 16)).astype(np.float32),)


def main(xb):
    filt = LETKF()
    cfg = filt.cfg
    mesh = jax.make_mesh((2, 4), (cfg.member_axis, cfg.region_axis))
    spec = P(cfg.member_axis, cfg.region_axis)
    xb = jax.device_put(xb, NamedSharding(mesh, spec))
    run = jax.shard_map(filt.background_mean, mesh=mesh, in_specs=spec,
                        out_specs=P(None, cfg.region_axis, reduced={cfg.member_axis}))
    return run(xb)


if __name__ == "__main__":
    main(*inputs())
