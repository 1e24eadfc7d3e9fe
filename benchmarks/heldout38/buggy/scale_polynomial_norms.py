import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

ROW_AXIS, COL_AXIS = "rows", "cols"
NORM_AXES = (ROW_AXIS, COL_AXIS)


def inputs():
    rng = np.random.default_rng(4)
    return (rng.normal(size=(16, 8)).astype(np.float32),)


def degree2_terms(X):
    return jnp.concatenate([X, X ** 2], axis=1)


def row_norms(F):
    return jnp.sqrt(jax.lax.psum((F ** 2).sum(axis=1), COL_AXIS))


def mean_norm_body(X):
    F = degree2_terms(X)
    norms = row_norms(F)
    return jax.lax.pmean(norms.mean(), NORM_AXES)


def main(X):
    mesh = jax.make_mesh((2, 4), NORM_AXES)
    X = jax.device_put(X, NamedSharding(mesh, P(ROW_AXIS, COL_AXIS)))
    f = jax.shard_map(mean_norm_body, mesh=mesh, in_specs=P(ROW_AXIS, COL_AXIS), out_specs=P())
    return f(X)


if __name__ == "__main__":
    main(*inputs())
