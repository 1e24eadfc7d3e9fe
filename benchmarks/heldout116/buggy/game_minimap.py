"""RTS game loop (Unity-style behaviours): the minimap behaviour shows each team's strength."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

UNITS, STATS = "units", "stats"


class Behaviour:
    def start(self, game):
        pass

    def update(self, game, dt):
        pass

    def late_update(self, game):
        pass


class Movement(Behaviour):
    def update(self, game, dt):
        game.state["stats"] = game.state["stats"] * (1.0 - 0.01 * dt)


class Minimap(Behaviour):
    def start(self, game):
        def strength(stats):
            team_total = jax.lax.psum(jnp.sum(stats, axis=0, keepdims=True), UNITS)
            return jax.lax.all_gather(team_total, UNITS, axis=0, tiled=True, to="reduced")
        self.kernel = jax.shard_map(strength, mesh=game.mesh, in_specs=P(UNITS, STATS),
                                    out_specs=P(None, STATS, reduced={UNITS}))
        self.frames = []

    def late_update(self, game):
        self.frames.append(self.kernel(game.state["stats"]))


class Game:
    def __init__(self, mesh, stats, behaviours):
        self.mesh = mesh
        self.state = {"stats": stats}
        self.behaviours = behaviours

    def run(self, frames, dt=1.0 / 60.0):
        for b in self.behaviours:
            b.start(self)
        for _ in range(frames):
            for b in self.behaviours:
                b.update(self, dt)
            for b in self.behaviours:
                b.late_update(self)


def inputs():
    return (np.random.default_rng(51).uniform(0, 100, (32, 4)).astype(np.float32),)


def main(stats):
    mesh = jax.make_mesh((4, 2), (UNITS, STATS))
    stats = jax.device_put(stats, NamedSharding(mesh, P(UNITS, STATS)))
    minimap = Minimap()
    Game(mesh, stats, [Movement(), minimap]).run(frames=2)
    print(len(minimap.frames))


if __name__ == "__main__":
    main(*inputs())
