"""format_map of a dict subclass with __missing__ naming the key: the axes a psum reduces over reach the shard_map body through format_map of a dict subclass with __missing__ naming the key."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

class Echo(dict):
    def __missing__(self, key):
        return key


def get_axes():
    return tuple("{data} {model}".format_map(Echo()).split())


def reduce_over(axes, spec):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(jnp.arange(64.0).reshape(8, 8), NamedSharding(mesh, spec))

    def body(block):
        return jax.lax.psum(block, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=P())(x)


def main():
    return reduce_over(get_axes(), P("data"))


if __name__ == "__main__":
    main()
