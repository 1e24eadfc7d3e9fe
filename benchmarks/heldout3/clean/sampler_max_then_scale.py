import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class SamplingConfig:
    temperature: float = 0.7
    vocab_axis: str = "vocab"


def top_logit(logits, cfg):
    full = lax.all_gather(logits, cfg.vocab_axis, axis=-1, tiled=True, to="reduced")
    return jnp.max(full, axis=-1) / cfg.temperature


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(2, 32) / 64,)


def main(logits):
    cfg = SamplingConfig()
    mesh = jax.make_mesh((8,), (cfg.vocab_axis,))
    logits = jax.device_put(logits, NamedSharding(mesh, P(None, cfg.vocab_axis)))
    f = jax.shard_map(lambda l: top_logit(l, cfg), mesh=mesh, in_specs=P(None, cfg.vocab_axis),
                      out_specs=P())
    return f(logits)


if __name__ == "__main__":
    print(main(*inputs()))
