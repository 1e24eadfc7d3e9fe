"""Bradley-Terry strengths by MM iterations; each iteration publishes the strength table."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

PLAYERS, MATCHES = "players", "matches"


def mm_update(strength, wins, games):
    denom = games / (strength[:, None] + strength[:, None].mean() + 1e-6)
    return wins.sum(axis=1) / denom.sum(axis=1)


def publish(strength):
    per_player = jax.lax.all_gather(strength, MATCHES, to="reduced")
    return jax.lax.all_gather(per_player, (PLAYERS, MATCHES), to="reduced")


def fit(wins, games, n_iter=3):
    strength = jnp.ones(wins.shape[0])
    tables = []
    for _ in range(n_iter):
        strength = mm_update(strength, wins, games)
        tables.append(publish(strength))
    return tables[-1]


def inputs():
    rng = np.random.default_rng(89)
    games = rng.integers(1, 5, (16, 8)).astype(np.float32)
    return rng.binomial(games.astype(int), 0.5).astype(np.float32), games


def main(wins, games):
    mesh = jax.make_mesh((4, 2), (PLAYERS, MATCHES))
    spec = P(PLAYERS, MATCHES)
    wins = jax.device_put(wins, NamedSharding(mesh, spec))
    games = jax.device_put(games, NamedSharding(mesh, spec))
    fn = jax.shard_map(fit, mesh=mesh, in_specs=(spec, spec),
                       out_specs=P(reduced={PLAYERS, MATCHES}))
    return fn(wins, games)


if __name__ == "__main__":
    print(main(*inputs()))
