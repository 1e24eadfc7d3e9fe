"""A name first holds the invalid member and is rebound to the valid one before .value is read."""
import contextlib
import enum
import functools
import types
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


class Target(enum.Enum):
    ROWS = P(None, "model", reduced={"data"})
    COLS = P("model", None, reduced={"data"})


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    w = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    target = Target.COLS
    target = Target.COLS
    with jax.set_mesh(mesh):
        return top_level_all_gather(w, target.value)


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


if __name__ == "__main__":
    print(main(*inputs()))
