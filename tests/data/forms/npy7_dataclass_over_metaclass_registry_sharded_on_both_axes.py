"""a metaclass registry with a from_dict classmethod over dataclasses.fields: the axes a psum reduces over reach the shard_map body through a metaclass registry with a from_dict classmethod over dataclasses.fields."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

import dataclasses

CONFIGS = {}


class Registered(type):
    def __new__(mcls, name, bases, ns):
        cls = super().__new__(mcls, name, bases, ns)
        CONFIGS[name.lower()] = cls
        return cls


class Base(metaclass=Registered):
    @classmethod
    def from_dict(cls, raw):
        names = {f.name for f in dataclasses.fields(cls)}
        return cls(**{k: v for k, v in raw.items() if k in names})


@dataclasses.dataclass
class Parallel(Base):
    axes: tuple = ("data",)


def get_axes():
    return CONFIGS["parallel"].from_dict({"axes": ("data", "model"), "unused": 1}).axes


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
