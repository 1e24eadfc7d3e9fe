"""A sequence-parallel config lists its axes outermost first; the gather uses the innermost one."""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass
class SeqConfig:
    axes: tuple = field(default_factory=lambda: ("seq",))
    devices: int = 8


def inputs():
    return SeqConfig(), np.arange(64, dtype=np.float32).reshape(16, 4)


def main(cfg, tokens):
    mesh = jax.make_mesh((cfg.devices,), cfg.axes)
    tokens = jax.device_put(tokens, NamedSharding(mesh, P(cfg.axes[0])))

    def attend(t):
        keys = jax.lax.all_gather(t, cfg.axes[-1], to="reduced", tiled=True)
        return t @ keys.T

    return jax.shard_map(attend, mesh=mesh, in_specs=P(cfg.axes[0]), out_specs=P(cfg.axes[0]))(tokens)


if __name__ == "__main__":
    print(main(*inputs()))
