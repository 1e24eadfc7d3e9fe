"""A helper called twice with one state dict: the second call sees the first call's mark and returns early."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P


def reduce_once(v, axes, state):
    if state["done"]:
        return v
    state["done"] = True
    return jax.lax.psum(v, axes)


def main(mesh, x):
    def body(block):
        counts = jax.lax.psum(block, "j")
        state = {"done": False}
        rows = reduce_once(counts, ("i",), state)
        return jax.lax.pmean(reduce_once(counts, ("i", "j"), state), "i") + rows

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
