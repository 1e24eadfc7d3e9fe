"""a fan-based initializer on a shape with a zero fan raises ZeroDivisionError (jax 0.10.2) (sharded on both axes: no error)"""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def get_axes():
    try:
        jax.nn.initializers.lecun_normal()(jax.random.key(0), (0, 4))
    except ZeroDivisionError:
        return ("data", "model")
    return ("data",)


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
