"""A key helper asks a typed PRNG key (`jax.random.key`) for `.real`, which raises
NotImplementedError on a key array (not AttributeError); the handler widens the reduction to both
axes and the psum of a value varying on "data" only is rejected."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def reduction_axes(key):
    try:
        key.real
    except NotImplementedError:
        return ("data", "model")
    return ("data",)


def make_body(axes):
    def body(block):
        return jax.lax.psum(block, axes)  # SF105

    return body


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    batch = np.arange(64, dtype=np.float32).reshape(8, 8)
    x = jax.device_put(batch, NamedSharding(mesh, P("data", None)))
    key = jax.random.key(0)
    return jax.shard_map(make_body(reduction_axes(key)), mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()
