"""word2vec gradient clipping: the norm, already summed over the embedding split, is cast to
varying there before the mean over (data, dim)."""
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
    norm = jax.lax.pmean(jax.lax.pcast(norm, axes.dim, to="varying"), (axes.data, axes.dim))
    scale = jnp.minimum(1.0, max_norm / (norm + 1e-6))
    return jax.tree.map(lambda g: g * scale, grads)


def step(u, v):
    def loss(u, v):
        score = jax.lax.psum(jnp.sum(u * v, axis=-1), "dim")
        return -jnp.mean(jax.nn.log_sigmoid(score))

    return clip_by_global_norm(jax.grad(loss, argnums=(0, 1))(u, v))


def main(u, v, mesh):
    spec = P("data", "dim")
    u, v = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (u, v))
    return jax.shard_map(step, mesh=mesh, in_specs=(spec, spec), out_specs=(spec, spec))(u, v)


def inputs():
    mesh = jax.make_mesh((4, 2), ("data", "dim"))
    k1, k2 = jax.random.split(jax.random.key(60))
    return jax.random.normal(k1, (16, 8)), jax.random.normal(k2, (16, 8)), mesh
