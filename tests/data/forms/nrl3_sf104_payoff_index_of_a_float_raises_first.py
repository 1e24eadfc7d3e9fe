"""As rl3, but the opponent's move is `float(...)`: `PAYOFF[(action - opp) % 3]` of a float raises
TypeError (only integers index a list), so the program stops in `play` and never reaches the
snapshot; the analysis must stay silent there."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

PAYOFF = [0.0, 1.0, -1.0]


def play(rng, table, rounds=3):
    logits, total = np.asarray(table)[:3, :3], 0.0
    obs = np.ones(3, np.float32)
    for _ in range(rounds):
        action = int(np.argmax(obs @ logits))
        opp = float(rng.integers(3))
        total += PAYOFF[(action - opp) % 3]
        obs = np.ones(3, np.float32) * opp
    return total


def main():
    mesh = jax.make_mesh((4, 2), ("agent", "feat"))
    rng, pool = np.random.default_rng(0), []
    with jax.set_mesh(mesh):
        table = jax.device_put(jnp.eye(8) * 0.5, NamedSharding(mesh, P(("agent", "feat"), None)))
        score = play(rng, table)
        table = table + 0.01 * score
        pool.append(top_level_all_gather(table, P(None, None, reduced={"agent"})))
    return pool


if __name__ == "__main__":
    main()
