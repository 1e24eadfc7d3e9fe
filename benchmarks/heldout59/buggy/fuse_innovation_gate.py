"""Multi-sensor EKF: innovation statistics pooled over sensors for the chi-square gate."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass(frozen=True)
class FusionConfig:
    sensor_axis: str = "sensor"
    state_axis: str = "state"
    gate: float = 9.21


def innovation_energy(z, z_pred, r_diag):
    nu = z - z_pred
    return (nu * nu / r_diag).sum(axis=0, keepdims=True)


class InnovationGate:
    def __init__(self, cfg=FusionConfig()):
        self.cfg = cfg

    def _pooled(self, energy):
        pooled = jax.lax.psum(energy, self.cfg.sensor_axis)
        return jax.lax.all_gather(pooled, self.cfg.sensor_axis, tiled=True, to="reduced")

    def __call__(self, z, z_pred, r_diag):
        return self._pooled(innovation_energy(z, z_pred, r_diag))


def inputs():
    rng = np.random.default_rng(40)
    z = rng.normal(size=(32, 12)).astype(np.float32)
    return (z, z + 0.2, np.full((32, 12), 0.5, np.float32))


def main(z, z_pred, r_diag):
    cfg = FusionConfig()
    mesh = jax.make_mesh((2, 4), (cfg.sensor_axis, cfg.state_axis))
    spec = P(cfg.sensor_axis, cfg.state_axis)
    z, z_pred, r_diag = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (z, z_pred, r_diag))
    return jax.shard_map(InnovationGate(cfg), mesh=mesh, in_specs=(spec,) * 3,
                         out_specs=P(None, cfg.state_axis, reduced={cfg.sensor_axis}))(z, z_pred, r_diag)


if __name__ == "__main__":
    main(*inputs())
