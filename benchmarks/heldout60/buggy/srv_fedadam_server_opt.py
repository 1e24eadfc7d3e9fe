"""FedAdam (Reddi et al.) server optimiser: pseudo-gradients gathered, moments updated on the server."""
import functools
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass
class FedOptConfig:
    axes: tuple = ("clients", "model")
    server_lr: float = 1e-2
    beta1: float = 0.9
    callbacks: list = field(default_factory=list)


class ServerOptimizer:
    def __init__(self, cfg: FedOptConfig):
        self.cfg = cfg
        self.client_axis, self.model_axis = cfg.axes

    def pseudo_grad(self, delta):
        return jax.lax.all_gather(-delta, self.client_axis, axis=0, tiled=True, to="reduced")

    def full_pseudo_grad(self, delta):
        g = self.pseudo_grad(delta)
        return jax.lax.all_gather(g, self.cfg.axes, axis=1, tiled=True, to="reduced")

    def step(self, delta):
        g = self.full_pseudo_grad(delta)
        for cb in self.cfg.callbacks:
            cb(g)
        return g


def inputs():
    return (np.linspace(-1.0, 1.0, 8 * 16, dtype=np.float32).reshape(8, 16),)


def main(delta):
    cfg = FedOptConfig()
    mesh = jax.make_mesh((2, 4), cfg.axes)
    delta = jax.device_put(delta, NamedSharding(mesh, P(*cfg.axes)))
    opt = ServerOptimizer(cfg)
    run = functools.partial(
        jax.shard_map, mesh=mesh, in_specs=P(*cfg.axes),
        out_specs=P(None, None, reduced=set(cfg.axes)),
    )(opt.step)
    return run(delta)


if __name__ == "__main__":
    main(*inputs())
