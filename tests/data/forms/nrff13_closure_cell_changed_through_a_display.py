"""a made function changes its cell through [state][0][k] = a: the getter's axes are ('data',)"""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def make():
    state = {"axes": ("data", "model")}

    def get():
        return state["axes"]

    def put(axes):
        [state][0]["axes"] = axes
    return get, put


GET, PUT = make()
PUT(("data",))


def get_axes():
    return GET()


def reduce_over(axes, spec):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(jnp.arange(64.0).reshape(8, 8), NamedSharding(mesh, spec))

    def body(block):
        return jax.lax.psum(block, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=P())(x)


def main():
    return reduce_over(get_axes(), P("data"))


if __name__ == "__main__":
    main()
