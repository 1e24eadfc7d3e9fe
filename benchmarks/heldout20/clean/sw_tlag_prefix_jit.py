"""Alignment scores computed by a jitted scorer, then collected per band for a dot-plot."""
import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("reads", "band"))
LAYOUTS = {
    "scores": P(("reads", "band")),
    "plot": P("reads", reduced={"band"}),
}


def score(q, r):
    return jnp.maximum(q @ r.T, 0.0).sum(axis=1)


def inputs():
    q = jax.random.normal(jax.random.key(3), (64, 8))
    r = jax.random.normal(jax.random.key(4), (16, 8))
    return q, r


def main(q, r):
    with jax.set_mesh(mesh):
        scorer = jax.jit(score, out_shardings=NamedSharding(mesh, LAYOUTS["scores"]))
        s = scorer(q, r)
        plot = top_level_all_gather(s, LAYOUTS["plot"])
        return plot
