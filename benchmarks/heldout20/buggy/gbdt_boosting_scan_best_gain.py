"""Boosting rounds in a scan: each round's gains are gathered over features and the best one kept."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("rows", "feat"))
ROUNDS = 3
LR = 0.1


def round_gains(hist, shrink):
    gains = jax.lax.all_gather(hist * shrink, "feat", axis=0, tiled=True, to="reduced")
    return jnp.sum(jnp.abs(gains), axis=-1)


def body(hist):
    def boost(carry, r):
        score = round_gains(hist, (1.0 - LR) ** ROUNDS)
        best = jax.lax.pmax(score, "feat")
        return carry + best.sum(), best

    total, per_round = jax.lax.scan(boost, jnp.zeros_like(hist[0, 0]), jnp.arange(ROUNDS))
    return per_round


def inputs():
    hist = jax.random.normal(jax.random.key(33), (8, 16))
    return (jax.device_put(hist, NamedSharding(mesh, P("feat", "rows"))),)


def main(hist):
    return jax.shard_map(body, mesh=mesh, in_specs=P("feat", "rows"), out_specs=P(None, "rows"))(hist)
