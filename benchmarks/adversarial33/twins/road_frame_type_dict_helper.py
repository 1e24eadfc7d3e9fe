"""The maker's frame reached from a kept exception through type namespaces (type_dict); its f_locals hand out the dict."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P
import inspect
import types


def reduce_rows(mesh, x, axes):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


KEPT = []


def maker():
    state = {"axes": ("i", "j")}
    try:
        raise RuntimeError("kept")
    except RuntimeError as err:
        KEPT.append(err)

    def get():
        return state["axes"]
    return get


def poke(get):
    tb = BaseException.__dict__["__traceback__"].__get__(KEPT[-1])
    frame = type(tb).__dict__["tb_frame"].__get__(tb)
    type(frame).__dict__["f_locals"].__get__(frame)["state"].update(axes=("i", "j"))


def main(mesh, x):
    get = maker()
    poke(get)
    axes = get()
    return reduce_rows(mesh, x, axes)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
