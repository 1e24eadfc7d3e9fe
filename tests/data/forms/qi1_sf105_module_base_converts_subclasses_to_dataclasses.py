"""A Flax-like `Module` base makes each subclass a dataclass in `__init_subclass__` and wraps the
`__call__` the subclass itself defines (`"__call__" in cls.__dict__`, after the conversion added
its members); the weight comes from a `jax.nn.initializers` factory. The layer's output, varying
on 'data' only, is psum'd over 'data' and 'model'."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def _traced(call):
    @functools.wraps(call)
    def wrapped(self, *args):
        return call(self, *args)
    return wrapped


class Module:
    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        dataclasses.dataclass(cls)
        if "__call__" in cls.__dict__:
            cls.__call__ = _traced(cls.__dict__["__call__"])


class Dense(Module):
    features: int
    axes: tuple = ("data", "model")

    def __call__(self, x, w):
        y = x @ w
        return jax.lax.psum(jnp.sum(y), self.axes)  # SF105


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    layer = Dense(features=8)
    w = jax.nn.initializers.normal(0.02)(jax.random.key(0), (8, layer.features), jnp.float32)
    x = jax.device_put(jnp.ones((8, 8)), NamedSharding(mesh, P("data", None)))
    return jax.shard_map(layer, mesh=mesh, in_specs=(P("data", None), P()), out_specs=P())(x, w)


if __name__ == "__main__":
    main()
