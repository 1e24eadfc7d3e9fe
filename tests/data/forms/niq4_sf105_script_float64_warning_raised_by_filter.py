"""With x64 off JAX warns at a float64 request; under warnings.simplefilter("error") the warning
is raised at the call and the handler narrows the axes."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

import warnings


def main():
    warnings.simplefilter("error")
    try:
        jnp.zeros(3, dtype=jnp.float64)
        axes = ("i", "j")
    except UserWarning:
        axes = ("i",)
    return reduce_rows(axes)


def reduce_rows(axes):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
