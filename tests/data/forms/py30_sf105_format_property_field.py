"""a format field reading a property of an object: the axes a psum reduces over reach the shard_map body through a format field reading a property of an object."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

class Mesh:
    def __init__(self, names):
        self._names = names

    @property
    def tensor(self):
        return self._names[-1]


def get_axes():
    return tuple("data/{m.tensor}".format(m=Mesh(["data", "model"])).split("/"))


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
