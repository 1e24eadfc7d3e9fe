"""`filter(operator.truth, ...)` drops the empty names and `operator.is_not(None, ...)` the Nones:
the psum runs over 'i' alone, over which the value still varies."""
import operator
from functools import partial

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

LAYOUT = ("i", None, "")


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    named = tuple(filter(partial(operator.is_not, None), LAYOUT))
    axes = tuple(filter(operator.truth, named))

    def body(block):
        part = jax.lax.psum(block, "j")
        return jax.lax.psum(part, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
