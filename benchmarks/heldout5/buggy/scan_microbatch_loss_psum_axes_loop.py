"""Gradient accumulation over micro-batches with scan; the loss is summed over a list of axes."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MESH_SHAPE = {"data": 2, "pipe": 4}


def micro_loss(w, xb):
    return jnp.mean((xb @ w) ** 2)


def accumulate(w, xs):
    def body(g_acc, xb):
        loss, g = jax.value_and_grad(micro_loss)(w, xb)
        return jax.tree.map(jnp.add, g_acc, g), loss

    g, losses = jax.lax.scan(body, jnp.zeros_like(w), xs)
    loss = jnp.sum(losses)
    sync = [ax for ax in MESH_SHAPE if MESH_SHAPE[ax] > 1]
    loss = jax.lax.psum(loss, tuple(sync))
    return loss, g


def inputs():
    mesh = jax.make_mesh(tuple(MESH_SHAPE.values()), tuple(MESH_SHAPE))
    w = jax.device_put(jnp.ones((8, 4)) * 0.1, NamedSharding(mesh, P()))
    xs = jax.device_put(jax.random.normal(jax.random.key(35), (3, 8, 8)), NamedSharding(mesh, P(None, "data")))
    return mesh, w, xs


def main(mesh, w, xs):
    f = jax.shard_map(accumulate, mesh=mesh, in_specs=(P(), P(None, "data")),
                      out_specs=(P(), P()))
    return f(w, xs)
