from typing import Annotated, NamedTuple, get_type_hints

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Dims:
    def __init__(self, names):
        self.names = names


class _Factory:
    def __getitem__(self, item):
        return Dims(tuple(item[1].split()))


Float = _Factory()


class Weights(NamedTuple):
    wq: Annotated[Float[jax.Array, "d hd"], P(None, "model")]
    wo: Annotated[Float[jax.Array, "hd d"], P(None, None)]


def specs(cls):
    return cls(*(hint.__metadata__[0] for hint in get_type_hints(cls, include_extras=True).values()))


def body(x, w):
    shift = jax.lax.axis_index("model")
    if not jnp.issubdtype(shift.dtype, jnp.integer):
        raise TypeError("axis_index")
    h = jnp.einsum("bd,dk->bk", x, w.wq) / np.sqrt(4)
    return jax.lax.psum(jnp.sum(h), ("data", "model"))


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    w_specs = specs(Weights)
    w = Weights(*(jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, spec)) for spec in w_specs))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    return jax.shard_map(body, mesh=mesh, in_specs=(P("data", None), w_specs), out_specs=P())(x, w)


if __name__ == "__main__":
    main()
