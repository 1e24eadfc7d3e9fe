"""LoRA fine-tuning: adapter grads averaged over (dp, tp); B is replicated over tp."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

SYNC_AXES = ("dp", "tp")


class Lora(NamedTuple):
    a: jax.Array
    b: jax.Array


def loss_fn(lora, x, w):
    delta = jax.lax.psum(x @ lora.a, "tp") @ lora.b
    return jnp.mean((x @ w + delta) ** 2)


def step(lora, x, w):
    grads = jax.grad(loss_fn)(lora, x, w)
    grads = Lora(a=jax.lax.pmean(grads.a, SYNC_AXES), b=jax.lax.pmean(grads.b, SYNC_AXES))
    return grads


def inputs():
    mesh = jax.make_mesh((2, 4), SYNC_AXES)
    k = jax.random.split(jax.random.key(33), 4)
    lora = Lora(jax.device_put(jax.random.normal(k[0], (16, 2)) * 0.1, NamedSharding(mesh, P("tp"))),
                jax.device_put(jax.random.normal(k[1], (2, 16)) * 0.1, NamedSharding(mesh, P())))
    x = jax.device_put(jax.random.normal(k[2], (8, 16)), NamedSharding(mesh, P("dp", "tp")))
    w = jax.device_put(jax.random.normal(k[3], (16, 16)) * 0.1, NamedSharding(mesh, P("tp")))
    return mesh, lora, x, w


def main(mesh, lora, x, w):
    f = jax.shard_map(step, mesh=mesh, in_specs=(Lora(P("tp"), P()), P("dp", "tp"), P("tp")),
                      out_specs=Lora(P("tp"), P()))
    return f(lora, x, w)
