"""`vars(builtins)["get" + "attr"]` is the builtin getattr fetched from the builtins' namespace by a
computed key, and `inspect.getattr_static(...).__get__` reads the `__closure__` descriptor: the
cell is rebound to ("i",) and the psum runs, so nothing is certain."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P
import builtins
import inspect


def reduce_rows(mesh, x, axes):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def maker():
    state = {"axes": ("i", "j")}

    def get():
        return state["axes"]
    return get


def main(mesh, x):
    get = maker()
    cells = inspect.getattr_static(get, "__clo" + "sure__").__get__(get)
    vars(builtins)["get" + "attr"](cells[0], "cell_" + "contents")["axes"] = ("i",)
    return reduce_rows(mesh, x, get())


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
