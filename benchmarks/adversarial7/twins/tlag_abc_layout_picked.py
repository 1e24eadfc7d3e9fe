"""Abstract layout with two subclasses; the one picked at run time places w as the gather spec needs."""
import abc
import contextlib
import dataclasses
import functools
from jax._src.shard_map import top_level_all_gather
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Layout(abc.ABC):
    @abc.abstractmethod
    def placed(self):
        ...

    def gathered(self):
        return P(None, "model", reduced={"data"})


class RowMajor(Layout):
    def placed(self):
        return P("data", "model")


class ColMajor(Layout):
    def placed(self):
        return P("model", "data")


KIND = "col"


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    layout = {"row": RowMajor, "col": ColMajor}[KIND]()
    w = jax.device_put(x, NamedSharding(mesh, layout.placed()))
    with jax.set_mesh(mesh):
        return top_level_all_gather(w, layout.gathered())


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


if __name__ == "__main__":
    print(main(*inputs()))
