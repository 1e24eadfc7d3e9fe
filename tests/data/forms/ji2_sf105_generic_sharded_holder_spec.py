import dataclasses
from typing import Generic, Protocol, TypeVar, cast, overload

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

T = TypeVar("T")
S = TypeVar("S", bound=str)


class Reducer(Protocol[T]):
    def __call__(self, x: T) -> T: ...


@dataclasses.dataclass(frozen=True)
class Sharded(Generic[T]):
    axes: tuple = ("data",)

    @property
    def spec(self) -> P:
        return P(*self.axes)


@overload
def total(x: int) -> int: ...
@overload
def total(x: jax.Array) -> jax.Array: ...
def total(x):
    return jnp.sum(x)


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    layout = cast(Sharded, Sharded())

    def body(b):
        return jax.lax.psum(total(b), ("data", "model"))  # SF105

    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, layout.spec))
    return jax.shard_map(body, mesh=mesh, in_specs=layout.spec, out_specs=P())(x)


if __name__ == "__main__":
    main()
