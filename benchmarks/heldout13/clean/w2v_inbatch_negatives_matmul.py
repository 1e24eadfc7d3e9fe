"""Skip-gram with in-batch negatives: the gathered context vectors only enter a matmul
(which yields an ordinary value), so the statistics can be summed over the batch."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

BATCH = "batch"


def sgns_step(center, context):
    negatives = jax.lax.all_gather(context, BATCH, axis=0, tiled=True, to="reduced")
    scores = center @ negatives.T
    pos = jnp.sum(center * context, axis=-1)
    stats = {"pos_score": jnp.sum(pos), "neg_score": jnp.sum(scores)}
    return {name: jax.lax.psum(v, BATCH) for name, v in stats.items()}


def main(center, context, mesh):
    s = NamedSharding(mesh, P(BATCH))
    center, context = jax.device_put(center, s), jax.device_put(context, s)
    fn = jax.shard_map(sgns_step, mesh=mesh, in_specs=(P(BATCH), P(BATCH)),
                       out_specs={"pos_score": P(), "neg_score": P()})
    return fn(center, context)


def inputs():
    mesh = jax.make_mesh((8,), (BATCH,))
    k1, k2 = jax.random.split(jax.random.key(59))
    return jax.random.normal(k1, (16, 4)), jax.random.normal(k2, (16, 4)), mesh
