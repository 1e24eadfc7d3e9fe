"""Length-penalised rewards: the gathered rewards are shifted by a length term."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("data", "model"))
PENALTIES = {}


def penalty(name):
    def deco(fn):
        PENALTIES[name] = fn
        return fn
    return deco


@penalty("linear")
def linear_length_penalty(rewards, lengths, coef=0.01):
    return rewards - coef * lengths


def shaped_rewards(rewards, lengths, kind="linear"):
    pooled = jax.lax.all_gather(rewards, "data", tiled=True, to="reduced")
    return PENALTIES[kind](pooled, lengths)


def inputs():
    rewards = jax.random.normal(jax.random.key(13), (8, 4))
    lengths = jnp.full((8, 4), 100.0)
    return (jax.device_put(rewards, NamedSharding(MESH, P("data", "model"))),
            jax.device_put(lengths, NamedSharding(MESH, P(None, "model"))))


def main(rewards, lengths):
    return jax.shard_map(shaped_rewards, mesh=MESH, in_specs=(P("data", "model"), P(None, "model")),
                         out_specs=P(None, "model"))(rewards, lengths)
