import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def loss(w, x, y):
    return jnp.mean((x * w - y) ** 2)


def grad_accumulate(w, xs, ys):
    def step(acc, batch):
        return acc + jax.grad(loss)(w, *batch), None
    acc, _ = jax.lax.scan(step, jnp.zeros_like(w), (xs, ys))
    return acc


def tuple_body(w, xs, ys):
    grads = grad_accumulate(w, xs, ys)
    return jax.lax.pmean(grads, ("i", "j"))  # SF105


def dict_body(a, b):
    def step(carry, rows):
        return carry + rows["a"] * rows["b"], None
    total, _ = jax.lax.scan(step, jnp.zeros_like(a[0]), {"a": a, "b": b})
    return jax.lax.psum(total, ("i", "j"))  # SF105


def nested_body(a, b):
    def step(carry, inputs):
        (left, right), scale = inputs
        return carry + left * right * scale, None
    total, _ = jax.lax.scan(step, jnp.zeros_like(a[0]), ((a, b), b))
    return jax.lax.psum(total, ("j", "i"))  # SF105


def run(mesh, x):
    w = x[0]
    return (jax.shard_map(tuple_body, mesh=mesh, in_specs=(P("j"), P(None, "i", "j"), P(None, "i", "j")),
                          out_specs=P("j"))(w, x.reshape(2, 4, 8), x.reshape(2, 4, 8)),
            jax.shard_map(dict_body, mesh=mesh, in_specs=(P(None, "j"), P(None, "j")), out_specs=P())(x, x),
            jax.shard_map(nested_body, mesh=mesh, in_specs=(P(None, "j"), P(None, "j")), out_specs=P())(x, x))
