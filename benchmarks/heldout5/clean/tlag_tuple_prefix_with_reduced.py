"""Per-row beam scores: a valid prefix of the (batch, beam) layout, beam marked reduced."""
import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

SCORE_SPEC = P(("batch", "beam"))
ROW_SPEC = P("batch", reduced={"beam"})


def inputs():
    mesh = jax.make_mesh((2, 4), ("batch", "beam"))
    lp = jax.random.normal(jax.random.key(6), (16, 5))
    return mesh, jax.device_put(lp, NamedSharding(mesh, SCORE_SPEC))


def main(mesh, lp):
    with jax.set_mesh(mesh):
        scores = jax.shard_map(lambda l: jnp.sum(l, -1), in_specs=SCORE_SPEC, out_specs=SCORE_SPEC)(lp)
        return top_level_all_gather(scores, ROW_SPEC)
