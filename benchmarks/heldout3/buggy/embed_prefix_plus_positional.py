import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

MESH_AXES = ("vocab", "seq")


def embed(table, pos_table, token_ids):
    vocab, seq = MESH_AXES
    full_table = lax.all_gather(table, vocab, tiled=True, to="reduced")
    tok = full_table[: token_ids.shape[0]]
    pos = lax.psum(pos_table, seq)
    return tok + pos


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(16, 4), np.ones((4, 4), np.float32),
            np.array([1, 3, 5, 7], np.int32))


def main(table, pos_table, token_ids):
    mesh = jax.make_mesh((4, 2), MESH_AXES)
    table = jax.device_put(table, NamedSharding(mesh, P("vocab")))
    pos_table = jax.device_put(pos_table, NamedSharding(mesh, P(None, None)))
    token_ids = jax.device_put(token_ids, NamedSharding(mesh, P()))
    f = jax.shard_map(embed, mesh=mesh, in_specs=(P("vocab"), P(), P()), out_specs=P())
    return f(table, pos_table, token_ids)


if __name__ == "__main__":
    print(main(*inputs()))
