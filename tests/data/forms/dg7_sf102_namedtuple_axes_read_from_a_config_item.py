"""Replay config keeping its axes in a `collections.namedtuple` inside a dict: `config["axes"].item`
is the tuple's field, so the window is reduced on 'j' before the second gather over both axes."""
import collections

import jax
from jax.sharding import PartitionSpec as P

ReplayAxes = collections.namedtuple("ReplayAxes", ["shard", "item"])
REPLAY = {"axes": ReplayAxes(shard="i", item="j"), "n_step": 3}


class Adder:
    def __init__(self, config, mesh):
        self.item_axis = config["axes"].item
        self.add = jax.shard_map(self._add, mesh=mesh, in_specs=P("i", "j"),
                                 out_specs=P(None, None, reduced={"i", "j"}))

    def _add(self, rewards):
        window = jax.lax.all_gather(rewards, self.item_axis, axis=1, tiled=True, to="reduced")
        return jax.lax.all_gather(window, ("i", "j"), axis=0, tiled=True, to="reduced")  # SF102


def main(mesh, x):
    return Adder(REPLAY, mesh).add(x)
