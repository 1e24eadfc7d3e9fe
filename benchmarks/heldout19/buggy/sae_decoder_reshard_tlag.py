"""SAE decoder moved to a finer layout with jax.reshard, then gathered for feature steering."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

TRAIN_SPEC = P("feat", None)
STEER_SPEC = P(("data", "feat"), None)


def steering_vectors(w_dec, mesh):
    w_dec = jax.device_put(w_dec, NamedSharding(mesh, TRAIN_SPEC))
    w_dec = jax.reshard(w_dec, STEER_SPEC)
    return top_level_all_gather(w_dec, P("feat", None, reduced={"data"}))


def main(w_dec):
    mesh = jax.make_mesh((4, 2), ("data", "feat"))
    with jax.set_mesh(mesh):
        return steering_vectors(w_dec, mesh)


def inputs():
    return (np.random.default_rng(63).standard_normal((32, 8), dtype=np.float32),)
