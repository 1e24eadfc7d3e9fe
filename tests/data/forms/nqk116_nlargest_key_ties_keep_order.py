"""heapq.nlargest with a key keeps the first of equal keys: the axes a psum reduces over reach the shard_map body through heapq.nlargest with a key keeps the first of equal keys."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

import heapq


def get_axes():
    pairs = [("data", 4), ("model", 4), ("pipe", 1)]
    return tuple(n for n, _ in heapq.nlargest(1, pairs, key=lambda p: p[1]))


def reduce_over(axes, spec):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(jnp.arange(64.0).reshape(8, 8), NamedSharding(mesh, spec))

    def body(block):
        return jax.lax.psum(block, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=P())(x)


def main():
    return reduce_over(get_axes(), P("data"))


if __name__ == "__main__":
    main()
