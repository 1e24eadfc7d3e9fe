"""An abstract needs_cast property; the subclass used says True, so the psum result is cast before the reduced gather."""
import abc
import contextlib
import dataclasses
import functools
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Gatherer(abc.ABC):
    @property
    @abc.abstractmethod
    def needs_cast(self):
        ...

    def gather(self, block):
        s = jax.lax.psum(block, "data")
        if self.needs_cast:
            s = jax.lax.pcast(s, "data", to="varying")
        return jax.lax.all_gather(s, "data", to="reduced", tiled=True)


class Safe(Gatherer):
    needs_cast = True


class Fast(Gatherer):
    needs_cast = False


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    g = Safe()

    def body(block):
        return g.gather(block)

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P(None, "model", reduced={"data"}))(x)


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


if __name__ == "__main__":
    print(main(*inputs()))
