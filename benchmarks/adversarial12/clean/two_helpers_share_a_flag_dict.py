"""setup() marks a flag through a parameter; the reducer, called once, tests it."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P


STATE = {"rows_only": False}


def configure(state):
    state["rows_only"] = True


def reduce_counts(v):
    if STATE["rows_only"]:
        return jax.lax.psum(v, "i")
    return jax.lax.psum(v, ("i", "j"))


def main(mesh, x):
    configure(STATE)

    def body(block):
        counts = jax.lax.psum(block, "j")
        return reduce_counts(counts)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
