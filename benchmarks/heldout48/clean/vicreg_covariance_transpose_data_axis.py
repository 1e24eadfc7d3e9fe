"""VICReg covariance term: the embedding is joined over the feature shards, then transposed
between the batch and feature dimensions with an all-to-all over the data shards."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def join_features(z, feat_axis):
    return jax.lax.all_gather(z, feat_axis, axis=1, tiled=True, to="reduced")


def covariance_layout(z, feat_axis="feat"):
    full = join_features(z, feat_axis)
    centred = full[:, :8]
    return jax.lax.all_to_all(centred, "data", 1, 0, tiled=True)


def inputs():
    return (np.random.default_rng(52).normal(size=(16, 32)).astype(np.float32),)


def main(z):
    mesh = jax.make_mesh((2, 4), ("data", "feat"))
    z = jax.device_put(z, NamedSharding(mesh, P("data", "feat")))
    body = functools.partial(covariance_layout, feat_axis="feat")
    return jax.shard_map(body, mesh=mesh, in_specs=P("data", "feat"),
                         out_specs=P("data", None, reduced={"feat"}))(z)


if __name__ == "__main__":
    main(*inputs())
