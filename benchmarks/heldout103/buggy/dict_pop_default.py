import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("data", "model"))

def reduce_stats(v, **opts):
    axes = opts.pop("axes", ("data", "model"))
    mean = opts.pop("mean", False)
    fn = jax.lax.pmean if mean else jax.lax.psum
    return fn(v, axes)


def body(block):
    per_row = jax.lax.psum(block, "model")
    return reduce_stats(per_row, mean=True)


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    x = inputs()[0] if x is None else x
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    f = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"),
                      out_specs=P())
    return f(x)


if __name__ == "__main__":
    main()
