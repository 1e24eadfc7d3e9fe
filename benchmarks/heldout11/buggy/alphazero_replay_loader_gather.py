"""Replay buffer reader for an AlphaZero learner: batches built per process, inspected on host."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class ReplayLoader:
    def __init__(self, mesh, games, spec=P(("games", "actor"), None)):
        self.sharding = NamedSharding(mesh, spec)
        self.games = games

    def __iter__(self):
        for start in range(0, len(self.games["policy"]), 16):
            yield {k: jax.make_array_from_process_local_data(self.sharding, v[start:start + 16])
                   for k, v in self.games.items()}


def policy_snapshot(batch):
    return top_level_all_gather(batch["policy"], P("actor", None, reduced={"games"}))


def inputs():
    r = np.random.RandomState(9)
    return ({"policy": r.rand(32, 8).astype(np.float32), "value": r.rand(32, 1).astype(np.float32)},)


def main(games):
    mesh = jax.make_mesh((2, 4), ("games", "actor"))
    out = []
    with jax.set_mesh(mesh):
        for batch in ReplayLoader(mesh, games):
            out.append(policy_snapshot(batch))
    return out


if __name__ == "__main__":
    print(len(main(*inputs())))
