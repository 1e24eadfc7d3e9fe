"""Router z-loss (ST-MoE): mean squared log-partition of the router logits."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class ZLossConfig:
    weight: float = 1e-3
    batch_axis: str = "data"
    expert_axis: str = "expert"
    group_reduce: bool = True

    @property
    def axes(self):
        return (self.batch_axis, self.expert_axis)


class RouterZLoss:
    def __init__(self, cfg):
        self.cfg = cfg

    def per_group(self, logits):
        z = jax.nn.logsumexp(logits, axis=-1)
        loss = jnp.mean(jnp.square(z))
        if self.cfg.group_reduce:
            loss = jax.lax.pmean(loss, self.cfg.expert_axis)
        return loss

    def __call__(self, tokens, w_router):
        loss = self.per_group(tokens @ w_router)
        return self.cfg.weight * jax.lax.pmean(loss, self.cfg.axes)


def inputs():
    rng = np.random.default_rng(4)
    return rng.normal(size=(32, 16)).astype(np.float32), rng.normal(size=(16, 8)).astype(np.float32)


def main(tokens, w_router):
    cfg = ZLossConfig()
    mesh = jax.make_mesh((2, 4), cfg.axes)
    tokens = jax.device_put(tokens, NamedSharding(mesh, P(cfg.axes, None)))
    loss = jax.shard_map(RouterZLoss(cfg), mesh=mesh, in_specs=(P(cfg.axes, None), P()),
                         out_specs=P())(tokens, w_router)
    print("z-loss", float(loss))
    return loss


if __name__ == "__main__":
    main(*inputs())
