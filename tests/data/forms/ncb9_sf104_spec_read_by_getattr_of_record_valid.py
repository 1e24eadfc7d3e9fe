"""Near misses of cb9: the loop reads only the fields whose export spec is valid (the failing one,
`nu`, is never named), and a record of layouts rebound after it is built (which one the gather
reads is not known)."""
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
EXPORT = AdamState(mu=P("i", None, reduced={"j"}), nu=P("j", None, reduced={"i"}))
LATER = AdamState(mu=P("j", None, reduced={"i"}), nu=P("j", None, reduced={"i"}))
LATER = AdamState(mu=P("i", None, reduced={"j"}), nu=P("i", None, reduced={"j"}))


def export(state):
    out = {}
    for name in ("mu",):
        out[name] = top_level_all_gather(getattr(state, name), getattr(EXPORT, name))
    for name in ("mu", "nu"):
        out[name] = top_level_all_gather(getattr(state, name), getattr(LATER, name))
    return out


def main(mesh, x):
    with jax.set_mesh(mesh):
        state = AdamState(mu=jnp.zeros_like(np.asarray(x)), nu=jnp.zeros_like(np.asarray(x)))
        state = jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), state, TRAIN)
        return export(state)
