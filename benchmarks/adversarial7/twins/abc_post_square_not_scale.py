"""An abstract post-op on a reduced gather; the Square subclass (r * r) is used, not Scale (r * 2)."""
import abc
import contextlib
import dataclasses
import functools
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Post(abc.ABC):
    @abc.abstractmethod
    def __call__(self, r):
        ...


class Square(Post):
    def __call__(self, r):
        return r * r


class Scale(Post):
    def __call__(self, r):
        return r * 2.0


def make_step(mesh, post):
    def body(block):
        r = jax.lax.all_gather(block, "data", to="reduced", tiled=True)
        return post(r)
    return jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P(None, "model", reduced={"data"}))


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    return make_step(mesh, Scale())(x)


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


if __name__ == "__main__":
    print(main(*inputs()))
