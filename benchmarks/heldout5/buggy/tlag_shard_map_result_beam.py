"""Beam scores come out of a shard_map over (batch, beam); the host wants them per batch row."""
import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

SCORE_SPEC = P(("batch", "beam"))


def score(lp):
    return jnp.sum(lp, axis=-1)


def inputs():
    mesh = jax.make_mesh((2, 4), ("batch", "beam"))
    lp = jax.random.normal(jax.random.key(29), (16, 5))
    return mesh, jax.device_put(lp, NamedSharding(mesh, SCORE_SPEC))


def main(mesh, lp):
    with jax.set_mesh(mesh):
        scores = jax.shard_map(score, in_specs=SCORE_SPEC, out_specs=SCORE_SPEC)(lp)
        per_row = top_level_all_gather(scores, P("beam", reduced={"batch"}))
    return per_row
