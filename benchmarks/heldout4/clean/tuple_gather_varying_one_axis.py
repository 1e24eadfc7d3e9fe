"""A row-sharded embedding table on a (vocab, data) mesh: the table varies over 'vocab' only and
is gathered reduced over both axes at once for the tied output projection."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = ("vocab", "data")


def tied_logits(table, h):
    full = jax.lax.all_gather(table, AXES, axis=0, tiled=True, to="reduced")
    return jnp.tanh(h), full


def inputs():
    table = np.arange(16 * 4, dtype=np.float32).reshape(16, 4) / 64.0
    h = np.ones((8, 4), np.float32)
    return table, h


def main(table, h):
    mesh = jax.make_mesh((4, 2), AXES)
    table = jax.device_put(table, NamedSharding(mesh, P("vocab")))
    h = jax.device_put(h, NamedSharding(mesh, P("data")))
    f = jax.shard_map(tied_logits, mesh=mesh, in_specs=(P("vocab"), P("data")),
                      out_specs=(P("data"), P(reduced=set(AXES))))
    return f(table, h)


if __name__ == "__main__":
    print(main(*inputs()))
