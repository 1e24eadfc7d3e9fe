"""ARD lengthscale gradient of an RBF kernel, reduced over the whole mesh."""
import enum

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Axis(str, enum.Enum):
    DATA = "data"
    FEAT = "feat"


ALL_AXES = tuple(a.value for a in Axis)


def lengthscale_grad(sq_dist, k):
    per_feature = jnp.sum(sq_dist * k, axis=0)
    feature_total = jax.lax.psum(per_feature, Axis.FEAT.value)
    return jax.lax.pmean(feature_total, ALL_AXES)


def inputs():
    rng = np.random.default_rng(6)
    sq = rng.uniform(size=(16, 16)).astype(np.float32)
    return sq, np.exp(-sq).astype(np.float32)


def main(sq_dist, k):
    mesh = jax.make_mesh((2, 4), ALL_AXES)
    spec = P(*ALL_AXES)
    sq_dist, k = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (sq_dist, k))
    grad = jax.shard_map(lengthscale_grad, mesh=mesh, in_specs=(spec, spec), out_specs=P())
    return jax.jit(grad)(sq_dist, k)


if __name__ == "__main__":
    main(*inputs())
