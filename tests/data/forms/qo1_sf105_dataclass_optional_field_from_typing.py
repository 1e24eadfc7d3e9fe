"""A dataclass with a field annotated `Optional[str]` (`from typing import Optional`): a field,
as `typing.Optional[str]` is, so the class is made and its `axes` default reaches the psum of a
value that varies over 'i' only."""
import dataclasses
from typing import Optional

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class Config:
    name: str
    note: Optional[str] = None
    axes: tuple = ("i", "j")


def total(mesh, cfg, x):
    def body(block):
        return jax.lax.psum(block, cfg.axes)  # SF105

    with jax.set_mesh(mesh):
        f = jax.jit(jax.shard_map(body, in_specs=P("i", None), out_specs=P(None, None)))
        return f(jax.device_put(x, NamedSharding(mesh, P("i", None))))


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    return total(mesh, Config("cost"), np.ones((8, 8), np.float32))


if __name__ == "__main__":
    main()
