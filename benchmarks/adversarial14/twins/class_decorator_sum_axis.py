"""A class decorator's subclass names the axis the reduced value is summed over."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P

def over_j(cls):
    class Wrapped(cls):
        OTHER = "j"
    return Wrapped


@over_j
class Plan:
    SUM_OVER = "i"


def gather_sum(mesh, x, axis):
    def body(block):
        rows = jax.lax.psum(block, "j")
        g = jax.lax.all_gather(rows, "i", to="reduced", tiled=True)
        return jax.lax.psum(g, axis)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(reduced={"i"}))(x)


def main(mesh, x):
    return gather_sum(mesh, x, Plan.SUM_OVER)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
