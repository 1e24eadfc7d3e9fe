"""The class decorator files the class and also changes its axis: the class is not as written."""
import jax
from jax.sharding import PartitionSpec as P

GAMES = {}


def register_game(name):
    def wrap(cls):
        cls.col_axis = "i"
        GAMES[name] = cls
        return cls
    return wrap


class Game:
    row_axis = "i"
    col_axis = "j"

    def __init__(self, mesh):
        self.mesh = mesh


@register_game("leduc")
class Leduc(Game):
    def snapshot(self, table):
        per_col = jax.lax.all_gather(table, "j", axis=1, tiled=True, to="reduced")
        return jax.lax.all_gather(per_col, self.col_axis, axis=0, tiled=True, to="reduced")  # none

    def run(self, table):
        fn = jax.shard_map(self.snapshot, mesh=self.mesh, in_specs=P("i", "j"),
                           out_specs=P(reduced={"i", "j"}))
        return fn(table)


def main(mesh, x, game="leduc"):
    return GAMES[game](mesh).run(x)
