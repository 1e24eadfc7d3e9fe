import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def readout(feats):
    ids = jnp.zeros((feats.shape[0] * feats.shape[1],), jnp.int32)
    per_graph = jax.ops.segment_sum(feats.reshape(-1, 1), ids, num_segments=2)
    pooled = jax.lax.psum(per_graph, ("i", "j"))
    jax.lax.pmean(jnp.sum(pooled), ("i", "j"))
    return feats


def main(mesh, x):
    return jax.shard_map(readout, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)
