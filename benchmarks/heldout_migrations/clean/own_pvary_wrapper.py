import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P


def pvary(x, axis_name):
    """Mark `x` as differing across `axis_name` (the project's own name for it)."""
    return jax.lax.pcast(x, axis_name, to="varying")


def device_put_replicated(x, mesh):
    return jax.device_put(x, NamedSharding(mesh, P()))


def body(x):
    c = pvary(jnp.float32(1.5), "d")
    return jax.lax.psum(jnp.sum(x) * c, "d")


def main():
    mesh = Mesh(np.array(jax.devices()), ("d",))
    w = device_put_replicated(np.arange(3, dtype=np.float32), mesh)
    f = jax.jit(jax.shard_map(body, mesh=mesh, in_specs=P("d"), out_specs=P()))
    print(float(f(jax.device_put(np.arange(16, dtype=np.float32), NamedSharding(mesh, P("d"))))), float(w.sum()))


if __name__ == "__main__":
    main()
