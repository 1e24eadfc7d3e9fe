import dataclasses
import typing

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Batch(typing.NamedTuple):
    images: jax.Array
    labels: jax.Array


@dataclasses.dataclass
class Example:
    tokens: jax.Array
    weights: jax.Array


class Loader:
    def __init__(self, mesh, table):
        self.sharding = NamedSharding(mesh, P(("i", "j"), None))
        self.table = table

    def __iter__(self):
        for lo in range(0, 16, 8):
            part = self.table[lo:lo + 8]
            yield Batch(jax.device_put(part, self.sharding), jax.device_put(part * 2, self.sharding))


def examples(mesh, table):
    for _ in range(2):
        yield Example(tokens=jax.device_put(table[:8], NamedSharding(mesh, P(None, "j"))),
                      weights=jax.device_put(table[8:], NamedSharding(mesh, P("i", "j"))))


def run(mesh, x):
    table = np.concatenate([np.asarray(x), np.asarray(x)])
    out = []
    with jax.set_mesh(mesh):
        for step, batch in enumerate(Loader(mesh, table)):
            out.append(top_level_all_gather(batch.labels, P("j", None)))  # SF104
        for ex in examples(mesh, table):
            out.append(top_level_all_gather(ex.weights, P(None, "j")))  # SF104
        for step, ex in enumerate(examples(mesh, table), start=1):
            probs = jax.nn.softplus(ex.tokens)
            out.append(top_level_all_gather(jnp.clip(probs, 0.0, 1.0), P(None, None)))  # SF104
        h = jax.device_put(x, NamedSharding(mesh, P(("j", "i"), None)))
        for _ in range(2):
            h = jnp.tanh(h)
        out.append(top_level_all_gather(jnp.maximum(h, 0.0), P("j", None)))  # SF104
    return out
