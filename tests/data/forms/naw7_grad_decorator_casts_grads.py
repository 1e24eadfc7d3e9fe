"""A hand-written grad decorator whose wrapper casts every gradient leaf to varying on the batch
axis before returning it: the sum over both axes then meets a value varying on both."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Head:
    kernel: jax.Array


def synced_grad(fn):
    def wrapped(model, *args):
        grads = jax.grad(fn)(model, *args)
        return jax.tree.map(lambda g: jax.lax.pcast(g, "i", to="varying"), grads)
    return wrapped


@synced_grad
def loss(model, h, y):
    return jnp.mean((h @ model.kernel - y) ** 2)


def run(mesh, x):
    def step(m, h, y):
        grads = loss(m, h, y)
        return jax.lax.psum(grads.kernel, ("i", "j"))

    f = jax.shard_map(step, mesh=mesh, in_specs=(Head(P(None, "j")), P("i", None), P("i", "j")), out_specs=P())
    return f(Head(jnp.asarray(x)), jnp.asarray(x), jnp.asarray(x))
