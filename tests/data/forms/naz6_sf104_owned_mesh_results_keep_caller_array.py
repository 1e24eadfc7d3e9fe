import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def log_metrics(results):
    return top_level_all_gather(results["raw"], P(None, reduced={"i"}))  # none: the caller's array, on its mesh


def fit(features):
    mesh = jax.make_mesh((4, 2), ("d", "m"))
    with jax.set_mesh(mesh):
        feats = jax.device_put(jnp.zeros((8, 8)), NamedSharding(mesh, P("d", "m")))
        results = {"scores": jnp.abs(feats), "raw": features}
    return log_metrics(results)
