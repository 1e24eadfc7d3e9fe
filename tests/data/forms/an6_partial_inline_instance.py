from functools import partial

import jax
from jax.sharding import PartitionSpec as P


class Head:
    def __init__(self, axis):
        self.axis = axis

    def logits(self, x, temperature):
        g = jax.lax.all_gather(x, self.axis, axis=1, tiled=True, to="reduced")
        return g / temperature  # SF106


def run(mesh, x):
    f = jax.shard_map(partial(Head("j").logits, temperature=0.5), mesh=mesh, in_specs=P("i", "j"),
                      out_specs=P("i", None, reduced={"j"}))
    return f(x)
