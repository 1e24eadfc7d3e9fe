import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

if hasattr(jax.lax, "pcast"):
    def to_varying(x, axis):
        return jax.lax.pcast(x, axis, to="varying")
else:  # jax < 0.8.2
    def to_varying(x, axis):
        return jax.lax.pvary(x, axis)


def body(x):
    s = jax.lax.psum(x, "i")
    return jax.lax.all_gather(to_varying(s, "i"), "i", to="reduced", tiled=True)


def inputs():
    return (np.arange(16, dtype=np.float32),)


def main(x):
    mesh = jax.make_mesh((8,), ("i",))
    x = jax.device_put(x, NamedSharding(mesh, P("i")))
    return jax.shard_map(body, mesh=mesh, in_specs=P("i"), out_specs=P(None, reduced={"i"}))(x)
