"""Event-driven multi-strain epidemic; a 'dump' event writes the full strain table to disk."""
import heapq
from collections import defaultdict

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = ("households", "strains")
RECOVERY = 0.12

HANDLERS = {}


def handler(kind):
    def deco(fn):
        HANDLERS[kind] = fn
        return fn
    return deco


class World:
    def __init__(self, mesh, infected):
        self.mesh = mesh
        self.infected = infected
        self.events = []
        self.seq = 0
        self.outputs = defaultdict(list)

    def push(self, t, kind, **data):
        self.seq += 1
        heapq.heappush(self.events, (t, self.seq, kind, data))


def _strain_table(block):
    # every household shard sees all strains of its own households
    return jax.lax.all_gather(block, AXES[1], axis=1, tiled=True, to="reduced")


def _flush(table):
    return jax.lax.all_gather(table, AXES, axis=0, tiled=True, to="reduced")


@handler("recover")
def on_recover(world, t, data):
    world.infected = world.infected * (1.0 - RECOVERY)
    if t + 1.0 < data["horizon"]:
        world.push(t + 1.0, "recover", **data)


@handler("dump")
def on_dump(world, t, data):
    def body(block):
        table = _strain_table(block)
        return _flush(table)
    full = jax.shard_map(body, mesh=world.mesh, in_specs=P(*AXES),
                         out_specs=P(None, None, reduced=set(AXES)))(world.infected)
    world.outputs["dump"].append((t, np.asarray(full).shape))


def inputs():
    return (np.linspace(0.0, 0.2, 16 * 8, dtype=np.float32).reshape(16, 8),)


def main(infected):
    mesh = jax.make_mesh((4, 2), AXES)
    world = World(mesh, jax.device_put(infected, NamedSharding(mesh, P(*AXES))))
    world.push(0.0, "recover", horizon=6.0)
    world.push(3.5, "dump")
    while world.events:
        t, _, kind, data = heapq.heappop(world.events)
        HANDLERS[kind](world, t, data)
    print(dict(world.outputs))


if __name__ == "__main__":
    main(*inputs())
