"""Load imbalance of k-way partitions: heaviest part over the average part weight, averaged over trials."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_PARTS = 4


def part_loads(parts, weights, vertex_axis):
    loads = jnp.stack([jnp.sum(weights * (parts == p), axis=0) for p in range(N_PARTS)])
    return jax.lax.psum(loads, vertex_axis)


def imbalance(parts, weights, *, axes):
    loads = part_loads(parts, weights, axes[0])
    ratio = jnp.max(loads, axis=0) / jnp.mean(loads, axis=0)
    return jax.lax.psum(ratio.sum(), axes)


def inputs():
    rng = np.random.default_rng(24)
    return rng.integers(0, N_PARTS, (16, 4)).astype(np.int32), (1.0 + rng.random((16, 4))).astype(np.float32)


def main(parts, weights):
    mesh = jax.make_mesh((4, 2), ("vtx", "trial"))
    spec = P(*mesh.axis_names)
    parts = jax.device_put(parts, NamedSharding(mesh, spec))
    weights = jax.device_put(weights, NamedSharding(mesh, spec))
    body = functools.partial(imbalance, axes=tuple(mesh.axis_names))
    total = jax.shard_map(body, mesh=mesh, in_specs=(spec, spec), out_specs=P())(parts, weights)
    return total / 4


if __name__ == "__main__":
    main(*inputs())
