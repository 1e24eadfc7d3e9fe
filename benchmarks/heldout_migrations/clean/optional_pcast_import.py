import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

try:
    from jax.lax import pcast
except ImportError:
    pcast = None


def mark_varying(x, axis):
    if pcast is not None:
        return pcast(x, axis, to="varying")
    return jax.lax.pvary(x, axis)


def body(x):
    best = mark_varying(jnp.float32(-1e9), "d")
    best = jax.lax.fori_loop(0, x.shape[0], lambda i, b: jnp.maximum(b, x[i]), best)
    return jax.lax.pmax(best, "d")


def main():
    mesh = Mesh(np.array(jax.devices()), ("d",))
    f = jax.jit(jax.shard_map(body, mesh=mesh, in_specs=P("d"), out_specs=P()))
    x = jax.device_put((np.arange(32, dtype=np.float32) * 13) % 29, NamedSharding(mesh, P("d")))
    print(float(f(x)))


if __name__ == "__main__":
    main()
