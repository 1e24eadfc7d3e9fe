import jax
import jax.numpy as jnp
import numpy as np
from jax import typeof
from jax.sharding import NamedSharding, PartitionSpec as P

LOG = []


def trace_axes(tag, x):
    LOG.append((tag, tuple(sorted(typeof(x).vma))))
    return x


def block(x, w):
    h = trace_axes("h", x @ w)
    s = trace_axes("s", jax.lax.psum(h, "m"))
    return trace_axes("out", jnp.tanh(s))


def main():
    mesh = jax.make_mesh((2, 4), ("b", "m"))
    x = jax.device_put(np.arange(32, dtype=np.float32).reshape(4, 8) / 32.0, NamedSharding(mesh, P("b", "m")))
    w = jax.device_put(np.ones((8, 2), np.float32), NamedSharding(mesh, P("m")))
    f = jax.jit(jax.shard_map(block, mesh=mesh, in_specs=(P("b", "m"), P("m")), out_specs=P("b")))
    y = f(x, w)
    print(LOG)
    print(np.round(np.asarray(y), 4).tolist())


if __name__ == "__main__":
    main()
