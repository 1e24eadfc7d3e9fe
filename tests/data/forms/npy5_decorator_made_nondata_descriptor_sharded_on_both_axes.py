"""non-data descriptor caching in instance dict: the axes a psum reduces over reach the shard_map body through non-data descriptor caching in instance dict."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

class lazy:
    def __init__(self, fn):
        self.fn = fn

    def __set_name__(self, owner, name):
        self.name = name

    def __get__(self, obj, owner=None):
        if obj is None:
            return self
        value = obj.__dict__[self.name] = self.fn(obj)
        return value


class Topology:
    @lazy
    def axes(self):
        return ("data", "model")


def get_axes():
    return Topology().axes


def reduce_over(axes, spec):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(jnp.arange(64.0).reshape(8, 8), NamedSharding(mesh, spec))

    def body(block):
        return jax.lax.psum(block, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=P())(x)


def main():
    return reduce_over(get_axes(), P("data", "model"))


if __name__ == "__main__":
    main()
