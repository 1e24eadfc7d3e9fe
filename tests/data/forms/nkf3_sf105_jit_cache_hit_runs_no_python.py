"""The same array handed twice to a jitted step: the second call is answered from jit's cache
and runs none of the step's Python, so the trace count stays 1 and the psum over ("data",) runs."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

TRACES = {"count": 0}


@jax.jit
def scaled(v):
    TRACES["count"] += 1
    return v * 2.0


def reduce(mesh, x, axes):
    def body(block):
        return jax.lax.psum(block, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    v = jnp.ones(8)
    scaled(v)
    scaled(v)
    axes = ("data", "model") if TRACES["count"] > 1 else ("data",)
    return reduce(mesh, x, axes)


if __name__ == "__main__":
    main()
