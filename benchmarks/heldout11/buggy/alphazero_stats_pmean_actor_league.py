"""League self-play statistics: wins per actor summed, then averaged over the whole mesh."""
import enum

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Axis(str, enum.Enum):
    LEAGUE = "league"
    ACTOR = "actor"


def league_stats(outcomes):
    all_axes = tuple(a.value for a in Axis)
    wins = jax.lax.psum(jnp.sum(outcomes > 0), Axis.ACTOR.value).astype(jnp.float32)
    draws = jnp.sum(outcomes == 0).astype(jnp.float32)
    win_rate = jax.lax.pmean(wins, all_axes)
    draw_rate = jax.lax.pmean(draws, all_axes)
    return {"win_rate": win_rate, "draw_rate": draw_rate}


def inputs():
    return (np.random.RandomState(6).randint(-1, 2, size=(8, 16)).astype(np.int32),)


def main(outcomes):
    mesh = jax.make_mesh((2, 4), [a.value for a in Axis])
    spec = P(Axis.LEAGUE.value, Axis.ACTOR.value)
    outcomes = jax.device_put(outcomes, NamedSharding(mesh, spec))
    return jax.shard_map(league_stats, mesh=mesh, in_specs=spec,
                         out_specs={"win_rate": P(), "draw_rate": P()})(outcomes)


if __name__ == "__main__":
    print(main(*inputs()))
