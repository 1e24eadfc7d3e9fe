"""`ga` is the builtin getattr under another name (from builtins import getattr as ga): a call of
it whose text is written in it and names no cell nor frame is no road, so the maker's cell keeps
("i", "j") and the psum over both axes raises."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P
from builtins import getattr as ga


def reduce_rows(mesh, x, axes):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)  # SF105
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def maker():
    state = ("i", "j")

    def get():
        return state
    return get


def main(mesh, x):
    get = maker()
    name = ga(get, "__name__")
    assert name == "get"
    return reduce_rows(mesh, x, get())


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
