"""The "sum" entry of a table of JAX functions is replaced by an identity before the body runs."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P

REDUCE = {"sum": jax.lax.psum, "mean": jax.lax.pmean}
REDUCE["none"] = lambda v, axis: v


def body(block):
    counts = REDUCE["sum"](block, "j")
    return jax.lax.psum(counts, ("i", "j"))


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
