"""Cell of maker's `state` reached by alias_getattr with a computed text (join), list_pop, in helper: get() is ('i',) at the psum."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P
from builtins import getattr as ga


def reduce_rows(mesh, x, axes):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def maker():
    state = ["i", "j"]

    def get():
        return tuple(state)
    return get


def loosen(get):
    ga(ga(get, "".join(["__clo", "sure__"]))[0], "".join(["cell_", "contents"])).pop()


def main(mesh, x):
    get = maker()
    loosen(get)
    return reduce_rows(mesh, x, get())


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
