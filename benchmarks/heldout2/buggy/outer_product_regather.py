import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def second_moment(v):
    """Shampoo-like preconditioner statistic built from a gathered gradient."""
    g = jax.lax.all_gather(v, "a", to="reduced", tiled=True)
    stat = g * g
    stat = stat + g
    return jax.lax.all_gather(stat, ("a", "b"), axis=1, to="reduced", tiled=True)


def inputs():
    return (np.arange(8 * 4, dtype=np.float32).reshape(8, 4),)


def main(v):
    mesh = jax.make_mesh((2, 4), ("a", "b"))
    v = jax.device_put(v, NamedSharding(mesh, P("a", "b")))
    return jax.shard_map(second_moment, mesh=mesh, in_specs=P("a", "b"), out_specs=P(None, None, reduced={"a", "b"}))(v)
