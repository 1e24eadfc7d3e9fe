"""Molecular dynamics: positions gathered for the neighbour search, wrapped into the box."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class Space:
    def __init__(self, box, axis):
        self.box = box
        self.axis = axis

    def wrap(self, r):
        return r - self.box * jnp.floor(r / self.box)

    def all_positions(self, r):
        return jax.lax.all_gather(r, self.axis, tiled=True, to="reduced")


mesh = jax.make_mesh((8,), ("atoms",))
SPACE = Space(box=5.0, axis="atoms")


def neighbour_input(r):
    r = SPACE.wrap(r)
    everyone = SPACE.all_positions(r)
    wrapped = SPACE.wrap(everyone)
    return r, wrapped


def inputs():
    r = jax.random.uniform(jax.random.key(28), (32, 3)) * 6.0
    return (jax.device_put(r, NamedSharding(mesh, P("atoms"))),)


def main(r):
    f = jax.shard_map(neighbour_input, mesh=mesh, in_specs=P("atoms"),
                      out_specs=(P("atoms"), P(reduced={"atoms"})))
    return f(r)
