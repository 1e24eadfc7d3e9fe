import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("data", "model"))

def reduce_over(v, axes):
    if not axes:
        return v
    head, *rest = axes
    return reduce_over(jax.lax.pmin(v, head), rest)


def body(block):
    r = jax.lax.all_gather(block, "model", axis=1, tiled=True, to="reduced")
    # reduce over every axis, innermost first
    return reduce_over(r, list(reversed(mesh.axis_names))[:1] + ["data"])


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    x = inputs()[0] if x is None else x
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    f = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"),
                      out_specs=P(None, None, reduced={"model"}))
    return f(x)


if __name__ == "__main__":
    main()
