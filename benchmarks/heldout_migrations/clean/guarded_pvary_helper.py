import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

if hasattr(jax.lax, "pcast"):
    def to_varying(x, axis):
        return jax.lax.pcast(x, axis, to="varying")
else:
    def to_varying(x, axis):
        return jax.lax.pvary(x, axis)


def body(x):
    acc = to_varying(jnp.zeros((), x.dtype), "d")
    acc = jax.lax.fori_loop(0, x.shape[0], lambda i, a: a + x[i] * i, acc)
    return jax.lax.psum(acc, "d")


def main():
    mesh = Mesh(np.array(jax.devices()), ("d",))
    f = jax.jit(jax.shard_map(body, mesh=mesh, in_specs=P("d"), out_specs=P()))
    print(float(f(jax.device_put(np.arange(24, dtype=np.float32), NamedSharding(mesh, P("d"))))))


if __name__ == "__main__":
    main()
