"""Cumulative regret tables per game, games looked up in a registry."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

GAMES = {}


def register_game(name):
    def wrap(cls):
        GAMES[name] = cls
        return cls
    return wrap


class Game:
    traj_axis = "traj"
    infoset_axis = "infoset"
    num_actions = 2

    def __init__(self, mesh):
        self.mesh = mesh

    def snapshot(self, regrets):
        raise NotImplementedError


@register_game("leduc")
class Leduc(Game):
    num_actions = 3

    def snapshot(self, regrets):
        per_set = jax.lax.all_gather(regrets, self.infoset_axis, axis=1, tiled=True, to="reduced")
        axes = (self.traj_axis,)
        return jax.lax.all_gather(per_set, axes, axis=0, tiled=True, to="reduced")

    def run(self, regrets):
        fn = jax.shard_map(
            self.snapshot, mesh=self.mesh,
            in_specs=P(self.traj_axis, self.infoset_axis),
            out_specs=P(reduced={self.traj_axis, self.infoset_axis}),
        )
        return fn(regrets)


def inputs():
    return (np.linspace(-1, 1, 8 * 12, dtype=np.float32).reshape(8, 12),)


def main(regrets, game="leduc"):
    mesh = jax.make_mesh((2, 4), (Game.traj_axis, Game.infoset_axis))
    regrets = jax.device_put(regrets, NamedSharding(mesh, P(Game.traj_axis, Game.infoset_axis)))
    solver = GAMES[game](mesh)
    return solver.run(regrets)


if __name__ == "__main__":
    print(jnp.abs(main(*inputs())).max())
