"""PPO approximate-KL early stopping, policy logits sharded over the action dimension."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class KLConfig:
    target_kl: float = 0.02
    env_axis: str = "env"
    model_axis: str = "model"

    @property
    def axes(self):
        return (self.env_axis, self.model_axis)


class KLMonitor:
    def __init__(self, cfg, mesh):
        self.cfg = cfg
        self.axes = cfg.axes
        spec = P(*cfg.axes)
        self.mapped = jax.shard_map(self.kl_table, mesh=mesh, in_specs=(spec, spec),
                                    out_specs=P(reduced=set(cfg.axes)))
        self.fn = jax.jit(self.mapped)

    def kl_table(self, logp_old, logp_new):
        kl_part = jnp.exp(logp_old) * (logp_old - logp_new)
        kl_rows = jax.lax.all_gather(kl_part, self.cfg.model_axis, axis=1, tiled=True, to="reduced")
        table = jax.lax.all_gather(kl_rows, self.axes, to="reduced")
        return table.sum()

    def should_stop(self, logp_old, logp_new):
        return self.fn(logp_old, logp_new)


def inputs():
    rng = np.random.default_rng(4)
    a = rng.normal(size=(16, 8)).astype(np.float32)
    b = a + 0.01 * rng.normal(size=(16, 8)).astype(np.float32)
    return jax.nn.log_softmax(a), jax.nn.log_softmax(b)


def main(logp_old, logp_new):
    cfg = KLConfig()
    mesh = jax.make_mesh((4, 2), cfg.axes)
    sharding = NamedSharding(mesh, P(*cfg.axes))
    monitor = KLMonitor(cfg, mesh)
    return monitor.should_stop(jax.device_put(logp_old, sharding), jax.device_put(logp_new, sharding))


if __name__ == "__main__":
    main(*inputs())
