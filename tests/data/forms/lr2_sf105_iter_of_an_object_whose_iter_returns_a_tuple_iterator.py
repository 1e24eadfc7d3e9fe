"""`iter(obj)` calls `type(obj).__iter__(obj)` once and hands back what it returns; here the
iterator of a tuple of both axis names, so the psum of a value varying on "data" only reduces
over an axis it does not vary on."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class AxisPlan:
    def __init__(self, names):
        self._names = tuple(names)

    def __iter__(self):
        return iter(self._names)


def reduce_over(axes, spec):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(jnp.arange(64.0).reshape(8, 8), NamedSharding(mesh, spec))

    def body(block):
        return jax.lax.psum(block, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=P())(x)


def main():
    return reduce_over(tuple(iter(AxisPlan(["data", "model"]))), P("data"))


if __name__ == "__main__":
    main()
