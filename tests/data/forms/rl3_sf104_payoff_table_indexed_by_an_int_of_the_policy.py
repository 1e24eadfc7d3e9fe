"""Rock-paper-scissors against a drawn opponent: the payoff is `PAYOFF[(action - opp) % 3]`, both
moves `int(...)` of arrays the run does not know. Python ints index the list: each lookup raises
or gives one of the payoffs, and the league snapshot after the game gathers the table sharded
over ('agent', 'feat') with only 'agent' in reduced."""
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
        opp = int(rng.integers(3))
        total += PAYOFF[(action - opp) % 3]
        obs = np.eye(3, dtype=np.float32)[opp]
    return total


def main():
    mesh = jax.make_mesh((4, 2), ("agent", "feat"))
    rng, pool = np.random.default_rng(0), []
    with jax.set_mesh(mesh):
        table = jax.device_put(jnp.eye(8) * 0.5, NamedSharding(mesh, P(("agent", "feat"), None)))
        score = play(rng, table)
        table = table + 0.01 * score
        pool.append(top_level_all_gather(table, P(None, None, reduced={"agent"})))  # SF104
    return pool


if __name__ == "__main__":
    main()
