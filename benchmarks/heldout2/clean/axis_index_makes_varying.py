import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def dropout_mask_count(x, key):
    model_rank = jax.lax.axis_index("model")
    key = jax.random.fold_in(key, model_rank)
    keep = jax.random.bernoulli(key, 0.5, x.shape)
    kept = jnp.sum(jnp.where(keep, x, 0.0))
    return jax.lax.psum(kept, ("data", "model"))


def inputs():
    return np.ones((8, 4), np.float32), np.asarray(jax.random.key_data(jax.random.key(0)))


def main(x, key_data):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))
    key = jax.random.wrap_key_data(key_data)
    key = jax.device_put(key, NamedSharding(mesh, P()))
    f = jax.shard_map(dropout_mask_count, mesh=mesh, in_specs=(P("data", None), P()), out_specs=P())
    return f(x, key)
