"""DiT blocks applied with lax.scan over stacked layers; adaLN shift statistics logged per layer."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class DiTConfig(NamedTuple):
    depth: int = 4
    hidden: int = 16
    batch_axis: str = "batch"
    tp_axis: str = "tp"


def modulate(x, shift, scale):
    return x * (1.0 + scale) + shift


def make_block(cfg: DiTConfig):
    def block(h, layer):
        w_shift, w_scale = layer
        shift = jnp.tanh(h * w_shift)
        scale = 0.1 * jnp.tanh(h * w_scale)
        h = modulate(h, shift, scale)
        energy = jax.lax.psum(jnp.mean(shift * shift, axis=1), cfg.tp_axis)
        logged = jax.lax.all_gather(energy, cfg.tp_axis, to="reduced")
        return h, logged
    return block


def forward(h, w_shift, w_scale, cfg=DiTConfig()):
    h, stats = jax.lax.scan(make_block(cfg), h, (w_shift, w_scale))
    return h, stats


def inputs():
    rng = np.random.default_rng(4)
    cfg = DiTConfig()
    h = rng.standard_normal((8, cfg.hidden)).astype(np.float32)
    w_shift = rng.standard_normal((cfg.depth, cfg.hidden)).astype(np.float32)
    w_scale = rng.standard_normal((cfg.depth, cfg.hidden)).astype(np.float32)
    return h, w_shift, w_scale


def main(h, w_shift, w_scale):
    cfg = DiTConfig()
    mesh = jax.make_mesh((4, 2), (cfg.batch_axis, cfg.tp_axis))
    act = P(cfg.batch_axis, cfg.tp_axis)
    stacked = P(None, cfg.tp_axis)
    h = jax.device_put(h, NamedSharding(mesh, act))
    w_shift = jax.device_put(w_shift, NamedSharding(mesh, stacked))
    w_scale = jax.device_put(w_scale, NamedSharding(mesh, stacked))
    fwd = jax.shard_map(forward, mesh=mesh, in_specs=(act, stacked, stacked),
                        out_specs=(act, P(None, None, cfg.batch_axis)))
    return fwd(h, w_shift, w_scale)


if __name__ == "__main__":
    main(*inputs())
