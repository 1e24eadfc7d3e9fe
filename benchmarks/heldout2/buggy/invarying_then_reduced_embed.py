import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

VOCAB_AXIS = "vocab"
DATA_AXIS = "data"


def embed_lookup(table_shard, ids):
    # every device needs the whole table once for the tied output projection
    full = jax.lax.all_gather(table_shard, VOCAB_AXIS, to="invarying", tiled=True)
    emb = jnp.take(full, ids, axis=0)
    # keep a reduced copy for the decoder head so its cotangent is summed, not replicated
    head = jax.lax.all_gather(full, VOCAB_AXIS, to="reduced", tiled=True)
    return emb, head


def inputs():
    return np.arange(16 * 4, dtype=np.float32).reshape(16, 4), np.array([[0, 3, 5, 7]] * 2, np.int32)


def main(table, ids):
    mesh = jax.make_mesh((2, 4), (DATA_AXIS, VOCAB_AXIS))
    table = jax.device_put(table, NamedSharding(mesh, P(VOCAB_AXIS, None)))
    ids = jax.device_put(ids, NamedSharding(mesh, P(DATA_AXIS, None)))
    f = jax.shard_map(
        embed_lookup,
        mesh=mesh,
        in_specs=(P(VOCAB_AXIS, None), P(DATA_AXIS, None)),
        out_specs=(P(DATA_AXIS, None, None), P(None, None, reduced={VOCAB_AXIS})),
    )
    return f(table, ids)
