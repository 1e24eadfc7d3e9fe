"""CTC-like pieces: the blank column's mass summed over vocabulary shards before any gather."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class CTCConfig:
    batch_axis: str = "batch"
    vocab_axis: str = "vocab"


def inputs():
    rng = np.random.default_rng(45)
    return rng.normal(size=(8, 6, 4)).astype(np.float32), rng.normal(size=(4, 16)).astype(np.float32)


def main(frames, w_out, cfg=CTCConfig()):
    mesh = jax.make_mesh((2, 4), (cfg.batch_axis, cfg.vocab_axis))
    frames = jax.device_put(frames, NamedSharding(mesh, P(cfg.batch_axis, None, None)))
    w_out = jax.device_put(w_out, NamedSharding(mesh, P(None, cfg.vocab_axis)))

    def pieces(f, w):
        local = jnp.exp(f @ w)
        return jax.lax.psum(jnp.sum(local, axis=-1), cfg.vocab_axis)

    step = jax.jit(jax.shard_map(pieces, mesh=mesh,
                                 in_specs=(P(cfg.batch_axis, None, None), P(None, cfg.vocab_axis)),
                                 out_specs=P(cfg.batch_axis, None)))
    return step(frames, w_out)
