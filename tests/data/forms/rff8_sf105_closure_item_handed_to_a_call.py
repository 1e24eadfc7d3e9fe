"""a made function hands an item of its cell (a tuple of names) to a call: the tuple cannot change"""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def make():
    table = {"axes": ("data", "model")}

    def get():
        return tuple(table["axes"])

    def show():
        print(table["axes"])
    return get, show


GET, SHOW = make()
SHOW()


def get_axes():
    return GET()


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
