import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("data", "model"))


RECIPE = "psum@model -> gather@model"


def parse(recipe):
    steps = []
    for part in recipe.split("->"):
        op, _, axis = part.strip().partition("@")
        steps.append((op, axis))
    return steps


def body(block):
    (_, sum_axis), (_, gather_axis) = parse(RECIPE)
    v = jax.lax.psum(block, sum_axis)
    return jax.lax.all_gather(v, gather_axis, axis=1, tiled=True, to="reduced")


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    x = inputs()[0] if x is None else x
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    f = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"),
                      out_specs=P("data", None, reduced={"model"}))
    return f(x)


if __name__ == "__main__":
    main()
