"""As ob7, but the key is a raw uint32 key (`jax.random.PRNGKey`), whose `.real` is an array: the
reduction stays on ("data",), where the psum is accepted."""
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
        return jax.lax.psum(block, axes)  # none

    return body


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    batch = np.arange(64, dtype=np.float32).reshape(8, 8)
    x = jax.device_put(batch, NamedSharding(mesh, P("data", None)))
    key = jax.random.PRNGKey(0)
    return jax.shard_map(make_body(reduction_axes(key)), mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()
