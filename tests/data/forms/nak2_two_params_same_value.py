import jax
from jax.sharding import PartitionSpec as P


def run(mesh, x, rows="i", reduce_over="i"):
    def body(v):
        return jax.lax.all_gather(v, reduce_over, tiled=True, to="reduced")  # none: the two may name one axis

    return jax.shard_map(body, mesh=mesh, in_specs=P(rows), out_specs=P(None, reduced={reduce_over}))(x)
