"""MPPI controller: the summed cost baseline is shared with every step shard as an invariant."""
import functools
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass(frozen=True)
class MPPIConfig:
    temperature: float = 0.5
    sample_axis: str = "sample"
    step_axis: str = "step"
    mesh_shape: tuple = field(default=(2, 4))


class MPPI:
    def __init__(self, cfg: MPPIConfig):
        self.cfg = cfg
        self.mesh = jax.make_mesh(cfg.mesh_shape, (cfg.sample_axis, cfg.step_axis))

    def _baseline(self, costs):
        total = jax.lax.psum(costs.sum(axis=0, keepdims=True), self.cfg.sample_axis)
        return jax.lax.all_gather(total, self.cfg.sample_axis, axis=0, tiled=True, to="invarying")

    def _update(self, costs, *, keep_trace):
        baseline = self._baseline(costs)
        weights = jnp.exp(-(costs - baseline[:1] / costs.shape[0]) / self.cfg.temperature)
        return weights if keep_trace else weights[:1]

    def step(self, costs):
        spec = P(self.cfg.sample_axis, self.cfg.step_axis)
        costs = jax.device_put(costs, NamedSharding(self.mesh, spec))
        body = functools.partial(self._update, keep_trace=True)
        return jax.shard_map(body, mesh=self.mesh, in_specs=spec, out_specs=spec)(costs)


def inputs():
    rng = np.random.default_rng(0)
    return (rng.uniform(0.0, 4.0, size=(8, 16)).astype(np.float32),)


def main(costs):
    return MPPI(MPPIConfig()).step(costs)


if __name__ == "__main__":
    main(*inputs())
