"""As qo1, but the `axes` default names only 'i', the axis the value varies over: it runs."""
import dataclasses
from typing import Optional

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class Config:
    name: str
    note: Optional[str] = None
    axes: tuple = ("i",)


def total(mesh, cfg, x):
    def body(block):
        return jax.lax.psum(block, cfg.axes)

    with jax.set_mesh(mesh):
        f = jax.jit(jax.shard_map(body, in_specs=P("i", None), out_specs=P(None, None)))
        return f(jax.device_put(x, NamedSharding(mesh, P("i", None))))


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    return total(mesh, Config("cost"), np.ones((8, 8), np.float32))


if __name__ == "__main__":
    main()
