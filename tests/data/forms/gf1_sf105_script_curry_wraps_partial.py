"""A hand-written curry wraps the partial it re-curries: the curried helper picks the axes."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from functools import partial, wraps


def curry(fn, arity):
    @wraps(fn)
    def curried(*args):
        if len(args) >= arity:
            return fn(*args)
        return curry(partial(fn, *args), arity - len(args))
    return curried


def pick(table, key):
    return table[key]


pick = curry(pick, 2)
AXES = pick({"one": ("i",), "both": ("i", "j")})("both")


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        part = jax.lax.psum(block, "j")
        return jax.lax.psum(part, AXES)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
