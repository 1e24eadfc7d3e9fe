"""a default whose class has __hash__ None (a non-frozen dataclass) is refused with ValueError (Python 3.11) (sharded on both axes: no error)"""
import dataclasses

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class Sub:
    n: int = 1


def get_axes():
    try:
        @dataclasses.dataclass
        class Cfg:
            sub: Sub = Sub()
    except ValueError:
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
