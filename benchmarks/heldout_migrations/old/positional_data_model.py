import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PositionalSharding

sharding = PositionalSharding(np.array(jax.devices()).reshape(2, 4))


def place(x, w):
    x = jax.device_put(x, sharding.replicate(axis=1))
    w = jax.device_put(w, sharding.reshape(1, 8))
    return x, w


def main():
    x, w = place(np.arange(16, dtype=np.float32).reshape(4, 4),
                 np.arange(32, dtype=np.float32).reshape(4, 8) % 5)
    y = jax.jit(jnp.dot)(x, w)
    print(len(x.sharding.device_set), len(w.addressable_shards))
    print(np.asarray(y).sum(axis=0).tolist())


if __name__ == "__main__":
    main()
