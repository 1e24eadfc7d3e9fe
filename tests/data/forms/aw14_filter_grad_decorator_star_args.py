"""A `filter_grad` decorator written by hand (`def wrapped(model, *args): return
jax.grad(fn)(model, *args)`): the decorated loss is called in the body, and its gradient's
kernel, invariant over the batch axis, is summed over both axes."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Head:
    kernel: jax.Array


def filter_grad(fn):
    def wrapped(model, *args):
        return jax.grad(fn)(model, *args)
    return wrapped


@filter_grad
def loss(model, h, y):
    return jnp.mean((h @ model.kernel - y) ** 2)


def run(mesh, x):
    def step(m, h, y):
        grads = loss(m, h, y)
        return jax.lax.psum(grads.kernel, ("i", "j"))  # SF105

    f = jax.shard_map(step, mesh=mesh, in_specs=(Head(P(None, "j")), P("i", None), P("i", "j")), out_specs=P())
    return f(Head(jnp.asarray(x)), jnp.asarray(x), jnp.asarray(x))
