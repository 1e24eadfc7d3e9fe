"""A dataclass with default specs transposed is replaced with the actual layout before use."""
import abc
import contextlib
import dataclasses
import functools
from jax._src.shard_map import top_level_all_gather
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class Layout:
    placed: P = P("model", "data")
    gathered: P = P(None, "data", reduced={"model"})


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    layout = Layout()
    layout = dataclasses.replace(layout, placed=P("data", "model"))
    w = jax.device_put(x, NamedSharding(mesh, layout.placed))
    with jax.set_mesh(mesh):
        return top_level_all_gather(w, layout.gathered)


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


if __name__ == "__main__":
    print(main(*inputs()))
