"""The module configures itself at import: a call right after the def rebinds the global."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

GRAD_AXES = ("data", "model")


def _configure(tensor_parallel):
    global GRAD_AXES
    if not tensor_parallel:
        GRAD_AXES = GRAD_AXES[:1]


_configure(tensor_parallel=False)


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(g):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    g = jax.device_put(g, NamedSharding(mesh, P("data", None)))
    return jax.shard_map(lambda v: jax.lax.pmean(v, GRAD_AXES), mesh=mesh, in_specs=P("data", None),
                         out_specs=P())(g)


if __name__ == "__main__":
    print(main(*inputs()))
