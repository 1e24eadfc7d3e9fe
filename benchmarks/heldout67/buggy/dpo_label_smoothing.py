"""Conservative DPO (label smoothing) on logits gathered over the data axis."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class CDPOConfig:
    beta: float = 0.1
    label_smoothing: float = 0.1
    axis: str = "data"


class ConservativeDPOLoss:
    def __init__(self, config):
        self.config = config

    def logits(self, pi_logratios, ref_logratios):
        diff = (pi_logratios - ref_logratios).sum(axis=-1)
        return jax.lax.all_gather(diff, self.config.axis, tiled=True, to="reduced")

    def __call__(self, pi_logratios, ref_logratios):
        cfg = self.config
        logits = self.logits(pi_logratios, ref_logratios)
        scaled = cfg.beta * logits
        return (-jax.nn.log_sigmoid(scaled) * (1 - cfg.label_smoothing)
                - jax.nn.log_sigmoid(-scaled) * cfg.label_smoothing)


def inputs():
    mesh = jax.make_mesh((2, 4), ("data", "seq"))
    sharding = NamedSharding(mesh, P("data", "seq"))
    pi = jax.device_put(jnp.linspace(-1, 1, 128).reshape(8, 16), sharding)
    ref = jax.device_put(jnp.linspace(-0.5, 0.5, 128).reshape(8, 16), sharding)
    return mesh, pi, ref


def main(mesh, pi, ref):
    loss = ConservativeDPOLoss(CDPOConfig())
    fn = jax.shard_map(loss, mesh=mesh, in_specs=(P("data", "seq"),) * 2, out_specs=P("seq"))
    return fn(pi, ref)


if __name__ == "__main__":
    main(*inputs())
