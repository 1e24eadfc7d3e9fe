"""an InitVar read back from the object (its class default): the axes a psum reduces over reach the shard_map body through an InitVar read back from the object (its class default)."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from dataclasses import InitVar, dataclass


@dataclass
class C:
    batch: str = "data"
    extra: InitVar[str] = "pipe"

    def __post_init__(self, extra):
        self.seen = extra


def get_axes():
    c = C(extra="model")
    return (c.batch,) if c.extra == "pipe" else (c.batch, c.seen)


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
