"""PPO entropy bonus chosen from a registry of regularisers by the config's name."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

REGULARISERS = {}


def regulariser(cls):
    REGULARISERS[cls.name] = cls
    return cls


@regulariser
class EntropyBonus:
    name = "entropy"

    def __init__(self, vocab_axis):
        self.vocab_axis = vocab_axis

    def __call__(self, logits):
        full = jax.lax.all_gather(logits, self.vocab_axis, axis=-1, tiled=True, to="reduced")
        logp = jax.nn.log_softmax(full, axis=-1)
        return -(jnp.exp(logp) * logp).sum(axis=-1)


@dataclasses.dataclass
class PPOConfig:
    regulariser: str = "entropy"
    vocab_axis: str = "model"


def inputs():
    mesh = jax.make_mesh((2, 4), ("batch", "model"))
    return mesh, jax.device_put(jnp.linspace(-2, 2, 64).reshape(4, 16), NamedSharding(mesh, P("batch", "model")))


def main(mesh, logits):
    cfg = PPOConfig()
    reg = REGULARISERS[cfg.regulariser](cfg.vocab_axis)
    fn = jax.shard_map(reg, mesh=mesh, in_specs=P("batch", "model"), out_specs=P("batch"))
    return fn(logits)


if __name__ == "__main__":
    main(*inputs())
