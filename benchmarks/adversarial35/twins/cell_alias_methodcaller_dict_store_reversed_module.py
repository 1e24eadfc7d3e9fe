"""Cell of maker's `state` reached by alias_methodcaller with a computed text (reversed), dict_store, in module: get() is ('i',) at the psum."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P
from operator import methodcaller as mc


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


get = maker()
mc("__getattribute__", "stnetnoc_llec"[::-1])(mc("__getattribute__", "__erusolc__"[::-1])(get)[0])["axes"] = ("i", "j")


def main(mesh, x):
    return reduce_rows(mesh, x, get())


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
