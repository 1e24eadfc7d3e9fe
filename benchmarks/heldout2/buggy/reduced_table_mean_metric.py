import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def embedding_stats(table_shard):
    table = jax.lax.all_gather(table_shard, "vocab", to="reduced", tiled=True)
    row_norms = jnp.sqrt(jnp.sum(jnp.square(table), axis=-1))
    return jnp.mean(row_norms)


def inputs():
    return (np.arange(16 * 4, dtype=np.float32).reshape(16, 4),)


def main(table):
    mesh = jax.make_mesh((8,), ("vocab",))
    table = jax.device_put(table, NamedSharding(mesh, P("vocab")))
    return jax.shard_map(embedding_stats, mesh=mesh, in_specs=P("vocab"), out_specs=P(reduced={"vocab"}))(table)
