"""An accumulator casts on the first round (a `first` flag), then sums over both axes."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))

    def body(v):
        acc = jnp.zeros((8,), v.dtype)
        first = True
        for row in range(v.shape[0]):
            if not first:
                acc = jax.lax.pcast(acc, ("data", "model"), to="varying")
                first = False
            acc = acc + v[row]
        return jax.lax.psum(acc, ("data", "model"))

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
