"""A lambda's default `skip=skip` is the local "j" when the lambda is made, not the module's skip."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P

skip = "k"
SYNC = "i,j"


def parse(text):
    skip = "j"
    keep = lambda a, skip=skip: a != skip
    return tuple(a for a in text.split(",") if keep(a))


def body(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, parse(SYNC))


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
