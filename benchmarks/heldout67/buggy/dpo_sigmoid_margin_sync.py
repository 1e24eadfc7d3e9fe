"""DPO trainer: the loss is picked by name from a registry, chosen/rejected margins are logged."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

LOSS_REGISTRY = {}


def register_loss(name):
    def deco(fn):
        LOSS_REGISTRY[name] = fn
        return fn
    return deco


@register_loss("sigmoid")
def sigmoid_loss(pi_logratios, ref_logratios, beta):
    return -jax.nn.log_sigmoid(beta * (pi_logratios - ref_logratios))


@dataclasses.dataclass(frozen=True)
class DPOConfig:
    beta: float = 0.1
    loss_type: str = "sigmoid"
    data_axis: str = "data"
    seq_axis: str = "seq"


class DPOTrainer:
    def __init__(self, mesh, config: DPOConfig):
        self.mesh = mesh
        self.config = config
        self.loss_fn = functools.partial(LOSS_REGISTRY[config.loss_type], beta=config.beta)

    def _log_margins(self, margins):
        summed = jax.lax.psum(margins, self.config.data_axis)
        return jax.lax.all_gather(summed, self.config.data_axis, axis=0, tiled=True, to="reduced")

    def _step(self, policy_chosen, policy_rejected, ref_chosen, ref_rejected):
        cfg = self.config
        losses = self.loss_fn(policy_chosen - policy_rejected, ref_chosen - ref_rejected)
        loss = jax.lax.psum(losses.sum(), (cfg.data_axis, cfg.seq_axis))
        return loss, self._log_margins(policy_chosen - policy_rejected)

    def compute(self, *logps):
        cfg = self.config
        spec = P(cfg.data_axis, cfg.seq_axis)
        step = jax.shard_map(self._step, mesh=self.mesh, in_specs=(spec,) * 4,
                             out_specs=(P(), P(None, cfg.seq_axis, reduced={cfg.data_axis})))
        return step(*logps)


def inputs():
    mesh = jax.make_mesh((2, 4), ("data", "seq"))
    keys = jax.random.split(jax.random.key(0), 4)
    sharding = NamedSharding(mesh, P("data", "seq"))
    logps = [jax.device_put(-jax.random.uniform(k, (8, 16)), sharding) for k in keys]
    return (DPOTrainer(mesh, DPOConfig()), *logps)


def main(trainer, *logps):
    loss, margins = trainer.compute(*logps)
    return loss, margins


if __name__ == "__main__":
    main(*inputs())
