"""Cell of maker's `state` reached by dict_builtins with a computed text (join), dict_store, in helper: get() is ('i',) at the psum."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P
import builtins


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


def loosen(get):
    builtins.__dict__["getattr"](builtins.__dict__["getattr"](get, "".join(["__clo", "sure__"]))[0], "".join(["cell_", "contents"]))["axes"] = ("i",)


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
