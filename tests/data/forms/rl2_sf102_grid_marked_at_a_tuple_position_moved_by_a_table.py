"""A grid world marks the agent's cell with `grid[self.head] = 1.0` (a tuple index: NumPy reads
it as `grid[r, c]`), moves it by `MOVES[action]` (a table of pairs indexed by a drawn NumPy int:
one of the pairs, whichever) and rewards `float(self.head == GOAL)`; every other episode the dump
gathers a value already reduced on 'hidden' over both axes."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MOVES = [(0, 1), (1, 0), (0, -1), (-1, 0)]
GOAL = (2, 2)


class Snake:
    def __init__(self, size=4):
        self.size, self.head = size, (0, 0)

    def obs(self):
        grid = np.zeros((self.size, self.size), np.float32)
        grid[self.head] = 1.0
        return grid.ravel()

    def step(self, action):
        dr, dc = MOVES[action]
        self.head = ((self.head[0] + dr) % self.size, (self.head[1] + dc) % self.size)
        return self.obs(), float(self.head == GOAL)


def dump(mesh, w, x, episode):
    axes = ("worker", "hidden") if episode % 2 == 1 else "worker"

    def body(w, x):
        h = jax.lax.all_gather(x @ w, "hidden", axis=1, tiled=True, to="reduced")
        return jax.lax.all_gather(h, axes, axis=0, tiled=True, to="reduced")  # SF102

    return jax.shard_map(body, mesh=mesh, in_specs=(P(None, "hidden"), P("worker", None)),
                         out_specs=P(None, None, reduced={"hidden", "worker"}))(w, x)


def main():
    mesh = jax.make_mesh((4, 2), ("worker", "hidden"))
    envs = [Snake() for _ in range(4)]
    total, dumps = 0.0, []
    with jax.set_mesh(mesh):
        w = jax.device_put(np.ones((16, 8), np.float32), NamedSharding(mesh, P(None, "hidden")))
        for ep in range(2):
            actions = np.random.default_rng(ep).integers(0, 4, len(envs))
            steps = [env.step(a) for env, a in zip(envs, actions)]
            total += sum(r for _, r in steps)
            x = jax.device_put(np.stack([o for o, _ in steps]), NamedSharding(mesh, P("worker", None)))
            dumps.append(dump(mesh, w, x, ep))
    return dumps


if __name__ == "__main__":
    main()
