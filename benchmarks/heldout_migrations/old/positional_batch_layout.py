import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PositionalSharding


def layout():
    sharding = PositionalSharding(jax.devices())
    return sharding.reshape(8, 1)


@jax.jit
def normalise(x):
    return (x - x.mean(axis=0)) / (x.std(axis=0) + 1.0)


def main():
    x = np.arange(64, dtype=np.float32).reshape(16, 4) % 7
    xs = jax.device_put(x, layout())
    y = normalise(xs)
    print("shards", len(y.addressable_shards))
    print("col max", np.round(np.asarray(y).max(axis=0), 4).tolist())
    print("row0", np.round(np.asarray(y)[0], 4).tolist())


if __name__ == "__main__":
    main()
