"""A message function object, built where it is handed to a graph-network factory (and, in the
second network, held by a name first): the factory's closure calls it, so its `__call__` runs
only in the body. It multiplies a reduced value by a constant a property computes."""
import math

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class DotProductMessages:
    def __init__(self, key_size, hidden_axis):
        self.key_size = key_size
        self.hidden_axis = hidden_axis

    @property
    def inv_sqrt_d(self):
        return 1.0 / math.sqrt(self.key_size)

    def __call__(self, sent):
        keys = jax.lax.all_gather(sent, self.hidden_axis, axis=1, tiled=True, to="reduced")
        return jnp.sum(keys, axis=1, keepdims=True) * self.inv_sqrt_d  # SF106


def graph_network(message_fn):
    def apply(nodes):
        return message_fn(nodes)
    return apply


def main(mesh, x):
    first = graph_network(DotProductMessages(key_size=8, hidden_axis="j"))
    messages = DotProductMessages(key_size=4, hidden_axis="j")
    second = graph_network(messages)
    out = P("i", "j")
    return (jax.shard_map(first, mesh=mesh, in_specs=P("i", "j"), out_specs=out)(x),
            jax.shard_map(second, mesh=mesh, in_specs=P("i", "j"), out_specs=out)(x))
