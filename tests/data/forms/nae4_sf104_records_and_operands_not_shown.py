import dataclasses
import typing

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class Example:
    tokens: jax.Array


class Pair(typing.NamedTuple):
    left: jax.Array
    right: jax.Array


def examples(mesh, table):
    yield Example(tokens=jax.device_put(table[:8], NamedSharding(mesh, P(("i", "j"), None))))


def pairs(mesh, table):
    if len(table) > 100:
        yield Pair(jax.device_put(table[:8], NamedSharding(mesh, P(("i", "j"), None))), table[:8])
    yield Pair(jax.device_put(table[:8], NamedSharding(mesh, P("i", None))), table[:8])


def run(mesh, x):
    table = np.concatenate([np.asarray(x), np.asarray(x)])
    out = []
    with jax.set_mesh(mesh):
        for ex in examples(mesh, table):
            ex.tokens = jax.reshard(ex.tokens, P())
            out.append(top_level_all_gather(ex.tokens, P(None, None)))  # none
        for pair in pairs(mesh, table):
            out.append(top_level_all_gather(pair.left, P(None, None, reduced={"i"})))  # none
        a = jax.device_put(x, NamedSharding(mesh, P(("i", "j"), None)))
        b = jax.device_put(x, NamedSharding(mesh, P()))
        out.append(top_level_all_gather(jnp.maximum(a, b), P(None, None, reduced={"i", "j"})))  # none
        lo = jax.device_put(x, NamedSharding(mesh, P()))
        out.append(top_level_all_gather(jnp.clip(a, lo, 1.0), P(None, None, reduced={"i", "j"})))  # none
    return out
