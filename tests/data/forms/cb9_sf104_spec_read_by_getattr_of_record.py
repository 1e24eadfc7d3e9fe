"""Both the input and the out spec are read by `getattr(record, field)` in a loop over field
names: the state a NamedTuple placed by `jax.tree.map` over a record of layouts, the out spec a
field of a record of export layouts."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


class AdamState(NamedTuple):
    mu: jax.Array
    nu: jax.Array


TRAIN = AdamState(mu=P("i", "j"), nu=P("i", "j"))
EXPORT = AdamState(mu=P("j", None, reduced={"i"}), nu=P("j", None, reduced={"i"}))


def export(state):
    out = {}
    for name in ("mu", "nu"):
        out[name] = top_level_all_gather(getattr(state, name), getattr(EXPORT, name))  # SF104
    return out


def main(mesh, x):
    with jax.set_mesh(mesh):
        state = AdamState(mu=jnp.zeros_like(np.asarray(x)), nu=jnp.zeros_like(np.asarray(x)))
        state = jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), state, TRAIN)
        return export(state)
