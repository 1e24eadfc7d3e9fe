"""`partial(filter, complement(partial(operator.is_, None)))` keeps the named axes of a layout: the
second psum runs over both, of a value invariant on 'j'."""
import operator
from functools import partial, reduce

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def compose(*fns):
    return lambda x: reduce(lambda acc, f: f(acc), reversed(fns), x)


complement = lambda pred: compose(operator.not_, pred)
non_null = partial(filter, complement(partial(operator.is_, None)))
LAYOUT = ("i", None, "j")


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    axes = tuple(non_null(LAYOUT))

    def body(block):
        part = jax.lax.psum(block, "j")
        return jax.lax.psum(part, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
