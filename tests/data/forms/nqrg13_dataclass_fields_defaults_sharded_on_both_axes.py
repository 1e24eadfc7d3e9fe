"""dataclasses.fields defaults and default_factory: the axes a psum reduces over reach the shard_map body through dataclasses.fields defaults and default_factory."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

import dataclasses


@dataclasses.dataclass
class Cfg:
    axes: list = dataclasses.field(default_factory=lambda: ["data", "model"])
    steps: int = 1


def get_axes():
    by_name = {f.name: f for f in dataclasses.fields(Cfg)}
    f = by_name["axes"]
    assert f.default is dataclasses.MISSING
    return tuple(f.default_factory())


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
