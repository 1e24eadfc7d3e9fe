import jax
import jax.numpy as jnp
import numpy as np
from jax import device_put_sharded


def seeds(n):
    return [np.array([i, 1000 + i], dtype=np.uint32) for i in range(n)]


def main():
    devices = jax.devices()
    keys = device_put_sharded(seeds(len(devices)), devices)
    mixed = jax.jit(lambda k: (k[:, 0] * 3 + k[:, 1]) % 17)(keys)
    print(keys.shape, np.asarray(mixed).tolist())


if __name__ == "__main__":
    main()
