import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P


@jax.custom_jvp
def soft_clamp(s, bound):
    # a trace-time check of the primal; under differentiation JAX traces the jvp rule instead
    lax.all_gather(lax.psum(s, "j"), "j", axis=1, tiled=True, to="reduced")
    return bound * jnp.tanh(s / bound)


@soft_clamp.defjvp
def _soft_clamp_jvp(primals, tangents):
    s, bound = primals
    ds, _ = tangents
    t = jnp.tanh(s / bound)
    return bound * t, ds * (1.0 - t * t)


def body(x):
    return soft_clamp(x, 2.0)


def loss(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x).sum()


def run(mesh, x):
    return jax.grad(loss, argnums=1)(mesh, x)
