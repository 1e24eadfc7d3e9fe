"""word2vec training step: the gradients of the looked-up rows are clipped by their global
norm, computed over the embedding dimension split and then averaged over the data shards."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class MeshAxes(NamedTuple):
    data: str = "data"
    dim: str = "dim"


def clip_by_global_norm(grads, max_norm=1.0, axes=MeshAxes()):
    sq = sum(jnp.sum(g ** 2) for g in jax.tree.leaves(grads))
    norm = jnp.sqrt(jax.lax.psum(sq, axes.dim))
    norm = jax.lax.pmean(norm, (axes.data, axes.dim))
    scale = jnp.minimum(1.0, max_norm / (norm + 1e-6))
    return jax.tree.map(lambda g: g * scale, grads)


def step(params, center, context):
    u, v = params["in"][center], params["out"][context]

    def loss(u, v):
        score = jax.lax.psum(jnp.sum(u * v, axis=-1), "dim")
        return -jnp.mean(jax.nn.log_sigmoid(score))

    grads = clip_by_global_norm(jax.grad(loss, argnums=(0, 1))(u, v))
    d_in = jnp.zeros_like(params["in"]).at[center].add(grads[0])
    d_out = jnp.zeros_like(params["out"]).at[context].add(grads[1])
    return {"in": params["in"] - 0.05 * jax.lax.psum(d_in, "data"),
            "out": params["out"] - 0.05 * jax.lax.psum(d_out, "data")}


def main(params, center, context, mesh):
    pspec = {"in": P(None, "dim"), "out": P(None, "dim")}
    params = jax.tree.map(lambda p, s: jax.device_put(p, NamedSharding(mesh, s)), params, pspec)
    center = jax.device_put(center, NamedSharding(mesh, P("data")))
    context = jax.device_put(context, NamedSharding(mesh, P("data")))
    fn = jax.shard_map(step, mesh=mesh, in_specs=(pspec, P("data"), P("data")),
                       out_specs=pspec)
    return fn(params, center, context)


def inputs():
    mesh = jax.make_mesh((4, 2), ("data", "dim"))
    k1, k2, k3 = jax.random.split(jax.random.key(23), 3)
    params = {"in": jax.random.normal(k1, (20, 8)), "out": jax.random.normal(k2, (20, 8))}
    ids = jax.random.randint(k3, (2, 16), 0, 20)
    return params, ids[0], ids[1], mesh
