"""A dataclass field default_factory builds the gather spec; the placement matches it."""
import abc
import contextlib
import dataclasses
import functools
from jax._src.shard_map import top_level_all_gather
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class Layout:
    placed: P = dataclasses.field(default_factory=lambda: P("data", "model"))
    gathered: P = dataclasses.field(default_factory=lambda: P(None, "model", reduced={"data"}))


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    layout = Layout()
    w = jax.device_put(x, NamedSharding(mesh, layout.placed))
    with jax.set_mesh(mesh):
        return top_level_all_gather(w, layout.gathered)


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


if __name__ == "__main__":
    print(main(*inputs()))
