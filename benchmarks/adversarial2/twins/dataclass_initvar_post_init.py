"""An InitVar decides the axes in __post_init__."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class Parallelism:
    tensor_parallel: dataclasses.InitVar[bool] = True
    grad_axes: tuple = ("data", "model")

    def __post_init__(self, tensor_parallel):
        if not tensor_parallel:
            self.grad_axes = ("data",)


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(g):
    par = Parallelism(tensor_parallel=True)
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    g = jax.device_put(g, NamedSharding(mesh, P("data", None)))

    def sync(grad):
        return jax.lax.pmean(grad, par.grad_axes)

    return jax.shard_map(sync, mesh=mesh, in_specs=P("data", None), out_specs=P())(g)


if __name__ == "__main__":
    print(main(*inputs()))
