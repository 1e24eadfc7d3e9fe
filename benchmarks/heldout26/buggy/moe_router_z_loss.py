"""ST-MoE router z-loss over expert-parallel router logits, averaged for the aux loss."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class MoEConfig:
    num_experts: int = 8
    z_loss_coef: float = 1e-3
    aux_loss_axes: tuple = ("data", "expert")


class Module:
    def __init__(self, **kwargs):
        for k, v in kwargs.items():
            setattr(self, k, v)


class RouterZLoss(Module):
    config: MoEConfig

    def __call__(self, logits):
        expert_axis = self.config.aux_loss_axes[1]
        lse = jnp.log(jax.lax.psum(jnp.exp(logits).sum(-1), expert_axis))
        z = jnp.square(lse)
        return self.config.z_loss_coef * jax.lax.pmean(z.mean(), self.config.aux_loss_axes)


def inputs():
    rng = np.random.default_rng(2635)
    return (rng.standard_normal((16, 8)).astype(np.float32),)


def main(logits):
    cfg = MoEConfig()
    mesh = jax.make_mesh((2, 4), cfg.aux_loss_axes)
    logits = jax.device_put(logits, NamedSharding(mesh, P(*cfg.aux_loss_axes)))
    fn = jax.shard_map(RouterZLoss(config=cfg), mesh=mesh, in_specs=P(*cfg.aux_loss_axes), out_specs=P())
    return fn(logits)


if __name__ == "__main__":
    print(main(*inputs()))
