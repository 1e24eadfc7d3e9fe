"""Entry point: a sequence-parallel config lists its axes outermost first; the gather uses the last."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass(frozen=True)
class SeqConfig:
    axes: tuple
    devices: tuple


def inputs():
    return SeqConfig(("seq",), (8,)), np.arange(64, dtype=np.float32).reshape(16, 4)


def main(cfg: SeqConfig, tokens):
    mesh = jax.make_mesh(cfg.devices, cfg.axes)
    tokens = jax.device_put(tokens, NamedSharding(mesh, P(cfg.axes[0])))

    def attend(t):
        keys = jax.lax.all_gather(t, cfg.axes[-1], to="reduced", tiled=True)
        return t @ keys.T

    return jax.shard_map(attend, mesh=mesh, in_specs=P(cfg.axes[0]), out_specs=P(cfg.axes[0]))(tokens)
