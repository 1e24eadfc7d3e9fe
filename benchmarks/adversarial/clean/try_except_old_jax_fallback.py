"""Version-tolerant code: try the modern spelling, fall back for old JAX."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

try:
    from jax.lax import pcast as _pcast

    def to_varying(x, axes):
        return _pcast(x, axes, to="varying")
except ImportError:  # jax < 0.8.2
    def to_varying(x, axes):
        return jax.lax.pvary(x, axes)


def gather_replicated(x, axis):
    try:
        return jax.lax.all_gather(x, axis, to="invarying", tiled=True)
    except TypeError:  # jax < 0.10 has no to='invarying'
        return jax.lax.all_gather(x, axis, tiled=True)


def inputs():
    return (np.arange(32, dtype=np.float32).reshape(8, 4),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data")))

    def body(block):
        s = jnp.sum(block, axis=0)
        s = to_varying(s, "model")
        tot = jax.lax.psum(s, ("data", "model"))
        rows = gather_replicated(block, "data")
        return tot + jnp.sum(rows, axis=0)

    return jax.shard_map(body, mesh=mesh, in_specs=P("data"), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
