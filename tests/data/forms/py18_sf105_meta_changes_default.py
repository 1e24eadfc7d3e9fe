"""a metaclass that rewrites a field's default before @dataclass: the axes a psum reduces over reach the shard_map body through a metaclass that rewrites a field's default before @dataclass."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

import dataclasses


class Upper(type):
    def __new__(mcls, name, bases, ns):
        if "tensor" in ns:
            ns["tensor"] = ns["tensor"].lower()
        return super().__new__(mcls, name, bases, ns)


class Base(metaclass=Upper):
    pass


@dataclasses.dataclass
class Cfg(Base):
    tensor: str = "MODEL"


def get_axes():
    return ("data", Cfg().tensor)


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
