import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()).reshape(2, 4), ("x", "y"))


def ensure_varying(v, axis):
    if axis in jax.typeof(v).vma:
        return v
    return jax.lax.pcast(v, axis, to="varying")


def body(a, bias):
    bias = ensure_varying(bias, "y")
    a = ensure_varying(a, "y")
    return jax.lax.psum(a + bias, "y")


def main():
    f = jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(P("x", "y"), P("x")), out_specs=P("x")))
    a = jax.device_put(np.arange(16, dtype=np.float32).reshape(4, 4), NamedSharding(mesh, P("x", "y")))
    b = jax.device_put(np.ones((4, 1), np.float32), NamedSharding(mesh, P("x")))
    print(np.asarray(f(a, b)).ravel().tolist())


if __name__ == "__main__":
    main()
