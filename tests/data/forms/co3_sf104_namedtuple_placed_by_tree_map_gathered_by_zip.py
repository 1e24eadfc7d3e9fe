"""A NamedTuple state placed by `jax.tree.map` over a NamedTuple of specs in a helper, handed on,
then gathered leaf by leaf in a generator over `zip(state, SAVE)` star-unpacked into the record:
the generator runs once per field, and the second field's out spec lacks `reduced=`."""
from typing import NamedTuple

import jax
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


class State(NamedTuple):
    u: object
    v: object


PLACE = State(u=P("i", None), v=P("i", None))
SAVE = State(u=P(None, None, reduced={"i"}), v=P(None, None))


def initial(mesh, x):
    host = State(u=x, v=x * 2.0)
    return jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), host, PLACE)


def save(state):
    return State(*(top_level_all_gather(leaf, spec) for leaf, spec in zip(state, SAVE)))  # SF104


def main(mesh, x):
    state = initial(mesh, x)
    with jax.set_mesh(mesh):
        return save(state)
