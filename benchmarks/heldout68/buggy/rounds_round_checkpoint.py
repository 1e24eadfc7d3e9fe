import dataclasses
import functools
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


class Callback:
    def on_round_end(self, rnd, state):
        return state


class CheckpointCallback(Callback):
    def __init__(self, mesh):
        self.mesh = mesh
        client, layer = mesh.axis_names
        self.spec = P(layer, None)
        self.saved = []

    def on_round_end(self, rnd, state):
        with jax.set_mesh(self.mesh):
            self.saved.append(top_level_all_gather(state, self.spec))
        return state


def inputs():
    mesh = jax.make_mesh((4, 2), ("fleet", "layer"))
    state = jax.device_put(jnp.ones((8, 4)), NamedSharding(mesh, P("fleet", "layer")))
    return mesh, state


def main(mesh, state):
    cbs = [CheckpointCallback(mesh)]
    for rnd in range(2):
        for cb in cbs:
            state = cb.on_round_end(rnd, state)
    print(len(cbs[0].saved))


if __name__ == "__main__":
    main(*inputs())
