"""Encoder outputs from jit(out_shardings=...) moved to the gathered layout with jax.reshard."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class HParams:
    batch_axis: str = "data"
    hidden_axis: str = "model"

    def activation_spec(self):
        return P(self.batch_axis, self.hidden_axis)

    def gathered_spec(self):
        return P(self.batch_axis, None)


def inputs():
    hp = HParams()
    mesh = jax.make_mesh((2, 4), (hp.batch_axis, hp.hidden_axis))
    return hp, mesh, jax.random.normal(jax.random.key(7), (8, 8)), jax.random.normal(jax.random.key(8), (8, 16))


def main(hp, mesh, x, w):
    with jax.set_mesh(mesh):
        h = jax.jit(lambda x, w: jnp.tanh(x @ w), out_shardings=NamedSharding(mesh, hp.activation_spec()))(x, w)
        return jax.reshard(h, hp.gathered_spec())
