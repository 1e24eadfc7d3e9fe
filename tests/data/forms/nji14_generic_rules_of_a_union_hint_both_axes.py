from typing import Generic, TypeVar

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

T = TypeVar("T")


class Rules(Generic[T]):
    def __init__(self, table: dict[str, T]):
        self.table = table

    def spec(self, names):
        return P(*(self.table.get(n) for n in names))


RULES = Rules[str | None]({"batch": "data", "embed": "model"})


def body(x):
    return jax.lax.psum(jnp.sum(x), ("data", "model"))


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    spec = RULES.spec(("batch", "embed"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, spec))
    return jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=P())(x)


if __name__ == "__main__":
    main()
