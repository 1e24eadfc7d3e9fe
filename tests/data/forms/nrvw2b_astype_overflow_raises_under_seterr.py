"""`big.astype(np.float16)` of a float64 host array overflows: under np.seterr(over="raise") NumPy 2.4
raises FloatingPointError at the cast, so the psum over both axes never runs (review2)."""
import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def loss(x, axes):
    return jax.lax.psum(jnp.mean(x ** 2), axes)


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    np.seterr(over="raise")
    rng = np.random.default_rng(0)
    big = rng.uniform(1e6, 2e6, size=8) * 1e6
    axes = ("data", "model")
    try:
        half = big.astype(np.float16)
        axes = ("data", "model")
    except FloatingPointError:
        axes = "data"
        half = big.astype(np.float32)
    x = jax.device_put(np.asarray(half, np.float32), NamedSharding(mesh, P("data")))
    step = jax.shard_map(lambda v: loss(v, axes), mesh=mesh, in_specs=P("data"), out_specs=P())
    return step(x)


if __name__ == "__main__":
    print(main())
