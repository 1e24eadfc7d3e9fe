import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("data", "model"))


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def reduce_axes():
    if jax.local_device_count() >= 8:
        return ("data", "model")
    return ("data",)


def body(b):
    s = jax.lax.psum(jnp.sum(b, axis=0), "model")
    return jax.lax.psum(s, reduce_axes())


def main(x=None):
    if x is None:
        (x,) = inputs()
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    out = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"),
                        out_specs=P())(x)
    print(out.shape)
    return out


if __name__ == "__main__":
    main()
