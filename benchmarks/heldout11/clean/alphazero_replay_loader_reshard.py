"""Replay buffer reader: process-local batches laid out again with jax.reshard for inspection."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class ReplayLoader:
    def __init__(self, mesh, games, spec=P(("games", "actor"), None)):
        self.sharding = NamedSharding(mesh, spec)
        self.games = games

    def __iter__(self):
        for start in range(0, len(self.games["policy"]), 16):
            yield {k: jax.make_array_from_process_local_data(self.sharding, v[start:start + 16])
                   for k, v in self.games.items()}


def inputs():
    r = np.random.RandomState(9)
    return ({"policy": r.rand(32, 8).astype(np.float32)},)


def main(games):
    mesh = jax.make_mesh((2, 4), ("games", "actor"))
    with jax.set_mesh(mesh):
        return [jax.reshard(b["policy"], P("actor", None)) for b in ReplayLoader(mesh, games)]


if __name__ == "__main__":
    print(len(main(*inputs())))
