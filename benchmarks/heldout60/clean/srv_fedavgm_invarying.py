"""FedAvgM: server momentum applied to the averaged client update."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass(frozen=True)
class MomentumConfig:
    server_momentum: float = 0.9
    server_lr: float = 1.0
    axes: tuple = ("clients", "model")


class FedAvgM:
    def __init__(self, cfg=MomentumConfig()):
        self.cfg = cfg

    def average(self, delta):
        return jax.lax.all_gather(delta, self.cfg.axes[0], axis=0, tiled=True, to="invarying")

    def apply(self, delta):
        avg = self.average(delta)
        velocity = avg * self.cfg.server_lr + self.cfg.server_momentum * jnp.zeros_like(avg)
        return velocity


def inputs():
    return (np.full((8, 16), 0.25, dtype=np.float32),)


def main(delta):
    strategy = FedAvgM()
    axes = strategy.cfg.axes
    mesh = jax.make_mesh((2, 4), axes)
    delta = jax.device_put(delta, NamedSharding(mesh, P(*axes)))
    fn = jax.shard_map(strategy.apply, mesh=mesh, in_specs=P(*axes), out_specs=P(None, axes[1]))
    return fn(delta)


if __name__ == "__main__":
    main(*inputs())
