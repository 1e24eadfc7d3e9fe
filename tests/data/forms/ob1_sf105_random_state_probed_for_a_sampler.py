"""A data source hands either a legacy NumPy RandomState or an array of samples; `hasattr(source,
"randint")` holds for every RandomState (a sampler, not an array), so the reduction runs over both
axes and the psum of a value varying on "data" only is rejected."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def reduction_axes(source):
    return ("data", "model") if hasattr(source, "randint") else ("data",)


def make_body(axes):
    def body(block):
        return jax.lax.psum(block, axes)  # SF105

    return body


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    batch = np.arange(64, dtype=np.float32).reshape(8, 8)
    x = jax.device_put(batch, NamedSharding(mesh, P("data", None)))
    rs = np.random.RandomState(0)
    return jax.shard_map(make_body(reduction_axes(rs)), mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()
