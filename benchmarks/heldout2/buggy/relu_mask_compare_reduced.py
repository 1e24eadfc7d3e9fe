import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def sparse_mask(w_shard, threshold):
    w = jax.lax.all_gather(w_shard, "x", axis=1, to="reduced", tiled=True)
    keep = jnp.abs(w) > threshold
    return jnp.where(keep, w, 0.0)


def inputs():
    return (np.linspace(-1, 1, 8 * 8, dtype=np.float32).reshape(8, 8),)


def main(w):
    mesh = jax.make_mesh((4, 2), ("x", "y"))
    w = jax.device_put(w, NamedSharding(mesh, P("y", "x")))
    f = jax.shard_map(lambda w: sparse_mask(w, 0.5), mesh=mesh, in_specs=P("y", "x"), out_specs=P("y", None, reduced={"x"}))
    return f(w)
