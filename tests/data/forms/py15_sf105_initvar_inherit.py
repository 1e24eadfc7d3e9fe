"""InitVar in a base dataclass and a field in the subclass: the axes a psum reduces over reach the shard_map body through InitVar in a base dataclass and a field in the subclass."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from dataclasses import InitVar, dataclass


@dataclass
class Base:
    spec: InitVar[str]

    def __post_init__(self, spec):
        self.axes = tuple(spec.split(","))


@dataclass
class Child(Base):
    size: int = 8


def get_axes():
    return Child("data,model", 4).axes


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
