"""The bonus of a replayed episode is `PAYOFF[steps.shape[0] % 3]`: the length of the steps the
run saved to a fresh temporary directory and loaded back. np.load gives an array of the rank
saved, its sizes unknown to the run, but each size is a Python int: it indexes the list (the
lookup gives one of the payoffs or raises), and the league snapshot after it gathers the table
sharded over ('agent', 'feat') with only 'agent' in reduced."""
import tempfile
from pathlib import Path

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

PAYOFF = [0.0, 1.0, -1.0]


def replay_bonus(root):
    np.save(root / "steps.npy", np.zeros((5, 2), np.float32))
    steps = np.load(root / "steps.npy")
    return PAYOFF[steps.shape[0] % 3]


def main():
    mesh = jax.make_mesh((4, 2), ("agent", "feat"))
    pool = []
    with jax.set_mesh(mesh):
        table = jax.device_put(jnp.eye(8) * 0.5, NamedSharding(mesh, P(("agent", "feat"), None)))
        table = table + 0.01 * replay_bonus(Path(tempfile.mkdtemp()))
        pool.append(top_level_all_gather(table, P(None, None, reduced={"agent"})))  # SF104
    return pool


if __name__ == "__main__":
    main()
