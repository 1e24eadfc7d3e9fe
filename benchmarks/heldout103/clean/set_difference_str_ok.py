import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("data", "model"))

GATHERED = ("data",)


def remaining_axes(names, done):
    left = set(names) - set(done)
    return tuple(sorted(left))


def body(block):
    t = jax.lax.all_gather(block, GATHERED, axis=0, tiled=True, to="reduced")
    rest = remaining_axes(mesh.axis_names, GATHERED)
    return jax.lax.all_gather(t, rest, axis=1, tiled=True, to="reduced")


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    x = inputs()[0] if x is None else x
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    f = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"),
                      out_specs=P(None, None, reduced={"data", "model"}))
    return f(x)


if __name__ == "__main__":
    main()
