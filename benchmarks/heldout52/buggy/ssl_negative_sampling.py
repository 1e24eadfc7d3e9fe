"""wav2vec 2.0 contrastive task: quantised targets from all codebook groups become the negatives pool."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

NEG_AXES = ("codebook", "data")


def pool(targets, axis_name, dim):
    return jax.lax.all_gather(targets, axis_name, axis=dim, tiled=True, to="reduced")


def sample_negatives(targets, n_negatives=4):
    by_group = pool(targets, NEG_AXES[0], 1)
    negatives = pool(by_group, NEG_AXES, 0)
    return negatives[: n_negatives * 8]


def inputs():
    return (np.arange(8 * 16, dtype=np.float32).reshape(8, 16) / 128.0,)


def main(targets):
    mesh = jax.make_mesh((2, 4), NEG_AXES[::-1])
    targets = jax.device_put(targets, NamedSharding(mesh, P("data", "codebook")))
    fn = jax.shard_map(functools.partial(sample_negatives, n_negatives=4), mesh=mesh,
                       in_specs=P("data", "codebook"),
                       out_specs=P(None, None, reduced=set(NEG_AXES)))
    return fn(targets)


if __name__ == "__main__":
    main(*inputs())
