"""A version flag parsed from `jax.__version__` picks the psum axes; the value is sharded over both
axes it sums over, so the body is well typed."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

_MAJOR_MINOR = tuple(int(part) for part in jax.__version__.split(".")[:2])


def summed_axes():
    return ("data", "model") if _MAJOR_MINOR >= (0, 10) else ("data",)


def reduce_over(axes, spec):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(jnp.arange(64.0).reshape(8, 8), NamedSharding(mesh, spec))

    def body(block):
        return jax.lax.psum(block, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=P())(x)


def main():
    return reduce_over(summed_axes(), P("data", "model"))


if __name__ == "__main__":
    main()
