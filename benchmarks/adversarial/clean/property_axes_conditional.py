"""Axes exposed by a property that depends on a constructor flag."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class Parallelism:
    tensor_parallel: bool = True

    @property
    def grad_axes(self):
        return ("data", "model") if self.tensor_parallel else ("data",)

    @property
    def batch_spec(self):
        return P("data", "model") if self.tensor_parallel else P("data")


def inputs():
    return (np.arange(32, dtype=np.float32).reshape(8, 4),)


def main(x):
    par = Parallelism(tensor_parallel=False)
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, par.batch_spec))

    def body(b):
        return jax.lax.psum(jnp.sum(b, axis=0), par.grad_axes)

    return jax.shard_map(body, mesh=mesh, in_specs=par.batch_spec, out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
