"""A coroutine-style reducer primed with its axis by .send(), then fed values."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def reducer():
    axis = yield
    out = None
    while True:
        v = yield out
        out = jax.lax.pmin(v, axis)


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    if x is None:
        (x,) = inputs()
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))

    def body(block):
        red = reducer()
        next(red)
        red.send("model")
        wide = jax.lax.all_gather(block, "model", axis=1, tiled=True, to="reduced")
        return red.send(wide)

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P("data", None))(x)


if __name__ == "__main__":
    main()
