"""Encoder outputs laid out by jit(out_shardings=...) from an hparams object, then gathered."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class HParams:
    batch_axis: str = "data"
    hidden_axis: str = "model"

    def activation_spec(self):
        return P(self.batch_axis, self.hidden_axis)

    def gathered_spec(self):
        return P(self.batch_axis, None)


HP = HParams()


def encode(x, w):
    return jnp.tanh(x @ w)


def inputs():
    mesh = jax.make_mesh((2, 4), (HP.batch_axis, HP.hidden_axis))
    x = jax.random.normal(jax.random.key(27), (8, 8))
    w = jax.random.normal(jax.random.key(28), (8, 16))
    return mesh, x, w


def main(mesh, x, w):
    with jax.set_mesh(mesh):
        enc = jax.jit(encode, out_shardings=NamedSharding(mesh, HP.activation_spec()))
        h = enc(x, w)
        return top_level_all_gather(h, HP.gathered_spec())
