"""The same assertions, but the gathered value is asserted to have the global batch: the body
holds a quarter of the rows, so the assertion raises before the mean is reached."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

BATCH, D, F = 8, 6, 4


def assert_shape(x, shape):
    if tuple(jnp.shape(x)) != tuple(shape):
        raise AssertionError(f"shape {jnp.shape(x)} != {shape}")


def assert_equal_shape(xs):
    if len({tuple(jnp.shape(x)) for x in xs}) > 1:
        raise AssertionError("shapes differ")


REDUCERS = {2: jnp.mean, 1: jnp.max}  # (by rank: a table the body reads)


def body(x, w):
    assert_shape(x, (BATCH // 4, D))
    h = jnp.einsum("bd,df->bf", x, w)
    assert_shape(h, (BATCH // 4, F // 2))
    flat = h.reshape(-1)
    assert_equal_shape([flat, jnp.zeros(BATCH // 4 * F // 2)])
    full = jax.lax.all_gather(h, "model", axis=1, tiled=True, to="reduced")
    assert_shape(full, (BATCH, F))
    return REDUCERS[jnp.ndim(full)](full, axis=1, keepdims=True)


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((BATCH, D), np.float32), NamedSharding(mesh, P("data", None)))
    w = jax.device_put(np.ones((D, F), np.float32), NamedSharding(mesh, P(None, "model")))
    f = jax.shard_map(body, mesh=mesh, in_specs=(P("data", None), P(None, "model")), out_specs=P("data", "model"))
    return f(x, w)


if __name__ == "__main__":
    main()
