"""wraps() of a partial copies no __name__: the wrapper keeps its own name, which picks 'i'."""
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


TABLES = {"curried": ("i",), "pick": ("i", "j")}
AXES = TABLES[curry(pick, 2)(TABLES).__name__]


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        part = jax.lax.psum(block, "j")
        return jax.lax.psum(part, AXES)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
