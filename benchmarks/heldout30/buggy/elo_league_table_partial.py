"""League table of an Elo rating service: wins per player summed over match shards."""
import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass(frozen=True)
class League:
    name: str = "ladder"
    player_axis: str = "players"
    match_axis: str = "matches"


def league_table(outcomes, *, league: League):
    wins = jax.lax.psum(outcomes.sum(axis=1), league.match_axis)
    standings = jax.lax.all_gather(wins, axis_name=league.match_axis, tiled=True, to="reduced")
    return jnp.max(standings)[None]


def inputs():
    rng = np.random.default_rng(83)
    return (rng.integers(0, 2, (16, 8)).astype(np.float32),)


def main(outcomes):
    league = League()
    mesh = jax.make_mesh((2, 4), (league.player_axis, league.match_axis))
    spec = P(league.player_axis, league.match_axis)
    outcomes = jax.device_put(outcomes, NamedSharding(mesh, spec))
    body = functools.partial(league_table, league=league)
    fn = jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=P(league.player_axis))
    return fn(outcomes)


if __name__ == "__main__":
    print(main(*inputs()))
