"""LAMB step: Adam direction plus decoupled weight decay on the full parameter row."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class LambHyperParams(NamedTuple):
    learning_rate: float = 1e-3
    weight_decay: float = 0.01
    eps: float = 1e-6


class Lamb:
    def __init__(self, hparams=LambHyperParams(), gather_axis="tensor"):
        self.hp = hparams
        self.gather_axis = gather_axis

    def direction(self, mu, nu, param):
        adam = mu / (jnp.sqrt(nu) + self.hp.eps)
        full = jax.lax.all_gather(param, self.gather_axis, axis=1, tiled=True, to="reduced")
        return adam.sum(axis=1, keepdims=True) + self.hp.weight_decay * full


def inputs():
    rng = np.random.default_rng(14)
    p = rng.normal(size=(8, 16)).astype(np.float32)
    return p, p * 0.1, p * p * 0.01


def main(param, mu, nu):
    mesh = jax.make_mesh((2, 4), ("fsdp", "tensor"))
    sh = NamedSharding(mesh, P("fsdp", "tensor"))
    param, mu, nu = (jax.device_put(x, sh) for x in (param, mu, nu))
    opt = Lamb()
    return jax.shard_map(opt.direction, mesh=mesh, in_specs=(P("fsdp", "tensor"),) * 3,
                         out_specs=P("fsdp", "tensor"))(mu, nu, param)


if __name__ == "__main__":
    main(*inputs())
