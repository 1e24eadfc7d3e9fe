"""LoRA adapters on a tensor-parallel linear layer: A is sharded over the input dim."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class LoraParams(NamedTuple):
    a: jax.Array  # [d_in, rank], rows sharded over 'tp'
    b: jax.Array  # [rank, d_out]


class Axes(NamedTuple):
    batch: str = "dp"
    tensor: str = "tp"


AXES = Axes()
ALPHA = 16.0


def lora_forward(x, lora, axes=AXES):
    # x: [b, d_in/tp]; the low-rank projection needs a sum over the sharded input dim
    low = jax.lax.psum(x @ lora.a, axes.tensor)
    low = jax.lax.all_gather(low, axes.tensor, axis=0, tiled=True, to="reduced")
    return low @ lora.b


def inputs():
    mesh = jax.make_mesh((2, 4), (AXES.batch, AXES.tensor))
    k = jax.random.split(jax.random.key(2), 3)
    x = jax.random.normal(k[0], (8, 32))
    lora = LoraParams(jax.random.normal(k[1], (32, 4)) * 0.01, jnp.zeros((4, 16)))
    x = jax.device_put(x, NamedSharding(mesh, P(AXES.batch, AXES.tensor)))
    lora = LoraParams(jax.device_put(lora.a, NamedSharding(mesh, P(AXES.tensor))),
                      jax.device_put(lora.b, NamedSharding(mesh, P())))
    return mesh, x, lora


def main(mesh, x, lora):
    f = jax.shard_map(lora_forward, mesh=mesh,
                      in_specs=(P(AXES.batch, AXES.tensor), LoraParams(P(AXES.tensor), P())),
                      out_specs=P(AXES.batch))
    return f(x, lora)
