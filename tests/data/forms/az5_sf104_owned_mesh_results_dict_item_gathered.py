import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def log_metrics(results):
    table = top_level_all_gather(results["scores"], P(None, reduced={"d"}))  # SF104: after fit's own mesh block
    return table


def fit(features):
    mesh = jax.make_mesh((4, 2), ("d", "m"))
    with jax.set_mesh(mesh):
        feats = jax.device_put(features, NamedSharding(mesh, P("d", "m")))
        scores = jnp.abs(feats)
        results = {"scores": scores, "norm": jnp.linalg.norm(feats)}
    return log_metrics(results)
