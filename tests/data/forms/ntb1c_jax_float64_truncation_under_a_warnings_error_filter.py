"""`jnp.zeros(8, jnp.float64)` with x64 off warns (UserWarning) that it truncates to float32:
under warnings.simplefilter("error") that is raised, so the psum over both axes is never traced
(devtb; raising_warnings.py)."""
import warnings
import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def loss(x, axes):
    return jax.lax.psum(jnp.mean(x ** 2), axes)


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    warnings.simplefilter("error")
    rng = np.random.default_rng(0)
    big = rng.uniform(1e6, 2e6, size=8) * 1e6
    axes = ("data", "model")
    try:
        half = jnp.zeros(3, jnp.float64)
        axes = ("data", "model")
    except FloatingPointError:
        axes = "data"
        half = big.astype(np.float32)
    x = jax.device_put(np.asarray(half, np.float32), NamedSharding(mesh, P("data")))
    step = jax.shard_map(lambda v: loss(v, axes), mesh=mesh, in_specs=P("data"), out_specs=P())
    return step(x)


def audited():
    try:
        return main()
    except UserWarning:
        return None  # (the warning raised as an error: the psum below is never traced)


if __name__ == "__main__":
    print(main())
