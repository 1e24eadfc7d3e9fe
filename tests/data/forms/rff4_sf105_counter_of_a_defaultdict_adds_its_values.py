"""Counter(defaultdict) counts the mapping's values, not its keys: total() is 7"""
import collections

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def get_axes():
    counts = collections.Counter(collections.defaultdict(int, a=3, b=4))
    return ("data", "model") if counts.total() == 7 else ("data",)


def reduce_over(axes, spec):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(jnp.arange(64.0).reshape(8, 8), NamedSharding(mesh, spec))

    def body(block):
        return jax.lax.psum(block, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=P())(x)


def main():
    return reduce_over(get_axes(), P("data"))


if __name__ == "__main__":
    main()
