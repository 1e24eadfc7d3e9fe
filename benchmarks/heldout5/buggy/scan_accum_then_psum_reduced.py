"""Gradient accumulation with lax.scan; the accumulated grads are all-gathered and then summed."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

N_MICRO = 4


def loss(w, xb):
    return jnp.sum(jnp.tanh(xb @ w))


def accumulate(w, xs, axis="dp"):
    def body(acc, xb):
        return jax.tree.map(jnp.add, acc, jax.grad(loss)(w, xb)), None

    grads, _ = jax.lax.scan(body, jnp.zeros_like(w), xs)
    full = jax.lax.all_gather(grads, axis, axis=0, tiled=True, to="reduced")
    total = jax.lax.psum(full, axis)
    return total


def inputs():
    mesh = jax.make_mesh((8,), ("dp",))
    w = jax.random.normal(jax.random.key(20), (8, 4)) * 0.1
    xs = jax.random.normal(jax.random.key(21), (N_MICRO, 8, 8))
    return (mesh, jax.device_put(w, NamedSharding(mesh, P("dp"))),
            jax.device_put(xs, NamedSharding(mesh, P(None, None, "dp"))))


def main(mesh, w, xs):
    f = jax.shard_map(accumulate, mesh=mesh, in_specs=(P("dp"), P(None, None, "dp")), out_specs=P())
    return f(w, xs)
