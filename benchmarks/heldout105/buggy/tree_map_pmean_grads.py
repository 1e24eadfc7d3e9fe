import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("data", "model"))


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def body(b):
    grads = {
        "w": b * 0.1,
        "scale": jax.lax.psum(jnp.sum(b, axis=1, keepdims=True), "model"),
    }
    return jax.tree.map(lambda g: jax.lax.pmean(g, ("data", "model")), grads)


def main(x=None):
    if x is None:
        (x,) = inputs()
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    out = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"),
                        out_specs={"w": P(), "scale": P()})(x)
    print(jax.tree.map(jnp.shape, out))
    return out


if __name__ == "__main__":
    main()
