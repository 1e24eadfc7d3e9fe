"""`yield from (axis for axis in order)` walks `order` as it is when each item is asked for: the
axis appended by the consumer while it walks is reached, and the gather is over it (JAX runs it)."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def walk(order):
    yield from (axis for axis in order)


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    order = ["model"]
    seen = []
    for name in walk(order):
        seen.append(name)
        if name == "model":
            order.append("data")
    axis = seen[-1]

    def body(x):
        total = jax.lax.psum(x, "model")
        return jax.lax.all_gather(total, axis, axis=0, tiled=True, to="reduced")

    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P(("data", "model"), None)))
    return jax.shard_map(body, mesh=mesh, in_specs=P(("data", "model"), None),
                         out_specs=P(None, None, reduced={"data"}))(x)


if __name__ == "__main__":
    main()
