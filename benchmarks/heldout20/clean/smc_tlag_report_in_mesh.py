"""Filter state placed leaf by leaf with a spec tree; a report helper collects the particles."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("pf", "dim"))


class FilterState(NamedTuple):
    particles: jax.Array
    logw: jax.Array


SPECS = FilterState(P("pf", "dim"), P("pf"))
REPORT = FilterState(P(None, "dim", reduced={"pf"}), P(None, reduced={"pf"}))


def report(state):
    return top_level_all_gather(state.particles, REPORT.particles)


def inputs():
    return (FilterState(jax.random.normal(jax.random.key(43), (32, 4)), jnp.zeros((32,))),)


def main(state):
    with jax.set_mesh(mesh):
        state = jax.tree.map(lambda x, s: jax.device_put(x, NamedSharding(mesh, s)), state, SPECS)
        state = state._replace(particles=state.particles * 0.9)
        return report(state)
