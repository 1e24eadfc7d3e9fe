import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P


def body(x, w, s):
    def loss(w, s):
        return jnp.sum(jnp.tanh((x * s) @ w))

    gw, gs = jax.grad(loss, argnums=(0, 1))(w, s)
    return lax.psum(jnp.sum(gw * gw), "j") + jnp.sum(gs)


def run(mesh, x):
    s = jnp.ones((8,), jnp.float32)
    return jax.shard_map(body, mesh=mesh, in_specs=(P("i"), P(None, "j"), P()), out_specs=P())(x, x, s)
