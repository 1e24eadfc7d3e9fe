"""A curry decorator hands the later argument last, so the axes bind to the first parameter's partner."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P


def curry_last(f):
    return lambda *args, **kwargs: lambda x: f(*args, x, **kwargs)


@curry_last
def reduce(axes, block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, axes)


def main(mesh, x):
    body = reduce(("i", "j"))
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
