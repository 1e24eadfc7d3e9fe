"""Speech recognition with CTC-like loss pieces: the vocabulary of the emission layer is sharded."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class CTCConfig:
    blank_id: int = 0
    batch_axis: str = "batch"
    vocab_axis: str = "vocab"


def emissions(frames, w_out):
    return frames @ w_out


def blank_mass(log_probs, cfg):
    full = jax.lax.all_gather(log_probs, cfg.vocab_axis, axis=-1, tiled=True, to="reduced")
    blank = full[..., cfg.blank_id]
    return jax.lax.psum(blank, cfg.vocab_axis)


def inputs():
    rng = np.random.default_rng(12)
    return rng.normal(size=(8, 6, 4)).astype(np.float32), rng.normal(size=(4, 16)).astype(np.float32)


def main(frames, w_out, cfg=CTCConfig()):
    mesh = jax.make_mesh((2, 4), (cfg.batch_axis, cfg.vocab_axis))
    frames = jax.device_put(frames, NamedSharding(mesh, P(cfg.batch_axis, None, None)))
    w_out = jax.device_put(w_out, NamedSharding(mesh, P(None, cfg.vocab_axis)))

    def loss_pieces(f, w):
        return blank_mass(emissions(f, w), cfg)

    step = jax.jit(jax.shard_map(loss_pieces, mesh=mesh,
                                 in_specs=(P(cfg.batch_axis, None, None), P(None, cfg.vocab_axis)),
                                 out_specs=P(cfg.batch_axis, None)))
    return step(frames, w_out)
