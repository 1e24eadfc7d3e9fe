import jax
import jax.numpy as jnp
import numpy as np


def shardings():
    devices = np.array(jax.devices()).reshape(4, 2)
    grid = jax.sharding.PositionalSharding(devices)
    return grid, grid.replicate()


def main():
    tiled, replicated = shardings()
    a = jax.device_put(np.arange(32, dtype=np.float32).reshape(8, 4), tiled)
    w = jax.device_put(np.eye(4, dtype=np.float32) * 2.0, replicated)
    out = jax.jit(lambda a, w: jnp.maximum(a @ w - 10.0, 0.0))(a, w)
    print("replicated on", len(w.sharding.device_set), "devices")
    print("out", np.asarray(out).sum(axis=1).tolist())


if __name__ == "__main__":
    main()
