"""Reward-model ensemble: member scores gathered to estimate disagreement."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("data", "model"))

ENSEMBLE_CONFIG = {
    "members_axis": "model",
    "gather_axes": ["model", "data"],
}


def member_scores(hidden, heads):
    return hidden @ heads


def ensemble_body(hidden, heads, cfg=ENSEMBLE_CONFIG):
    scores = member_scores(hidden, heads)
    members = jax.lax.all_gather(scores, cfg["members_axis"], axis=1, tiled=True, to="reduced")
    gather_axes = tuple(cfg["gather_axes"])
    return jax.lax.all_gather(members, gather_axes, tiled=True, to="reduced")


def inputs():
    k1, k2 = jax.random.split(jax.random.key(10))
    return (jax.device_put(jax.random.normal(k1, (8, 6)), NamedSharding(MESH, P("data", None))),
            jax.device_put(jax.random.normal(k2, (6, 8)), NamedSharding(MESH, P(None, "model"))))


def main(hidden, heads):
    fn = jax.shard_map(ensemble_body, mesh=MESH, in_specs=(P("data", None), P(None, "model")),
                       out_specs=P(None, None, reduced={"data", "model"}))
    return fn(hidden, heads)
