"""AGGREGATE starts as psum and is rebound to the identity when summing first is disabled."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SUM_FIRST = False
AGGREGATE = jax.lax.psum
if not SUM_FIRST:
    def AGGREGATE(v, axis):  # noqa: F811
        return v


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(x, NamedSharding(mesh, P("i", "j")))

    def body(v):
        r = AGGREGATE(v, "i")
        return jax.lax.all_gather(r, "i", to="reduced", tiled=True)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"),
                         out_specs=P(None, "j", reduced={"i"}))(x)


if __name__ == "__main__":
    print(main(*inputs()))
