"""Game AI director: the threat map of all units is scattered back to the squads each think tick."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SQUADS, SECTORS = "squads", "sectors"
THINK_EVERY = 3


class Director:
    def __init__(self, mesh):
        self.mesh = mesh
        self.frame = 0
        self.callbacks = {"think": [], "act": []}
        self.threat = None

    def every_think(self, fn):
        self.callbacks["think"].append(fn)
        return fn

    def tick(self, units):
        self.frame += 1
        if self.frame % THINK_EVERY == 0:
            for fn in self.callbacks["think"]:
                self.threat = fn(self, units)
        return units


def threat_map(units):
    seen = jax.lax.all_gather(units, SQUADS, axis=0, tiled=True, to="reduced")
    return jax.lax.psum_scatter(seen, SQUADS, scatter_dimension=0, tiled=True)


def inputs():
    return (np.random.default_rng(53).uniform(0, 1, (16, 4)).astype(np.float32),)


def main(units):
    mesh = jax.make_mesh((4, 2), (SQUADS, SECTORS))
    units = jax.device_put(units, NamedSharding(mesh, P(SQUADS, SECTORS)))
    director = Director(mesh)

    @director.every_think
    def assess(d, u):
        return jax.shard_map(threat_map, mesh=d.mesh, in_specs=P(SQUADS, SECTORS),
                             out_specs=P(SQUADS, SECTORS))(u)

    for _ in range(6):
        units = director.tick(units)
    print(director.threat.shape)


if __name__ == "__main__":
    main(*inputs())
