"""IMPALA metrics: fraction of clipped importance weights, published to every learner."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class MetricsConfig:
    rho_bar: float = 1.0
    c_bar: float = 1.0
    learner_axis: str = "learner"
    core_axis: str = "core"


class ClipMetrics:
    def __init__(self, cfg, mesh):
        self.cfg = cfg
        batch = P(None, (cfg.learner_axis, cfg.core_axis))
        self._fn = jax.jit(jax.shard_map(self.compute, mesh=mesh, in_specs=(batch, batch),
                                         out_specs=P(cfg.core_axis, reduced={cfg.learner_axis})))

    def _publish(self, value):
        return jax.lax.all_gather(value, self.cfg.learner_axis, tiled=True, to="reduced")

    def compute(self, target_logp, behaviour_logp):
        rhos = jnp.exp(target_logp - behaviour_logp)
        n_clipped = jnp.sum(rhos > self.cfg.rho_bar).astype(jnp.float32)
        n_clipped = jax.lax.psum(n_clipped, self.cfg.learner_axis)
        return self._publish(n_clipped[None])

    def __call__(self, target_logp, behaviour_logp):
        return self._fn(target_logp, behaviour_logp)


def inputs():
    rng = np.random.default_rng(7)
    return rng.normal(size=(10, 16)).astype(np.float32), rng.normal(size=(10, 16)).astype(np.float32)


def main(target_logp, behaviour_logp):
    cfg = MetricsConfig()
    mesh = jax.make_mesh((4, 2), (cfg.learner_axis, cfg.core_axis))
    batch = NamedSharding(mesh, P(None, (cfg.learner_axis, cfg.core_axis)))
    metrics = ClipMetrics(cfg, mesh)
    return metrics(jax.device_put(target_logp, batch), jax.device_put(behaviour_logp, batch))


if __name__ == "__main__":
    main(*inputs())
