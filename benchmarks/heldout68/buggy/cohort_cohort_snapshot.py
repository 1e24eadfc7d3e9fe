import dataclasses
import functools
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


class MeshAxes(NamedTuple):
    cohort: str = "cohort"
    feature: str = "feature"


class CohortStore:
    def __init__(self, axes=MeshAxes()):
        self.axes = axes

    @property
    def snapshot_spec(self):
        return P(self.axes.feature, None)

    def snapshot(self, table):
        return top_level_all_gather(table, self.snapshot_spec)


def inputs():
    mesh = jax.make_mesh((4, 2), tuple(MeshAxes()))
    table = jax.device_put(jnp.zeros((8, 4)), NamedSharding(mesh, P(*MeshAxes())))
    return mesh, table


def main(mesh, table):
    store = CohortStore()
    with jax.set_mesh(mesh):
        snap = store.snapshot(table)
    print(snap.shape)


if __name__ == "__main__":
    main(*inputs())
