import jax
import jax.numpy as jnp
import numpy as np


def per_device_batches(n):
    return [{"image": np.full((2, 2), d, np.float32), "label": np.array([d % 3, (d + 1) % 3])} for d in range(n)]


def main():
    devices = jax.local_devices()
    batch = jax.device_put_sharded(per_device_batches(len(devices)), devices)
    counts = jax.jit(lambda b: jnp.bincount(b["label"].ravel(), length=3))(batch)
    print(batch["image"].shape, float(batch["image"].sum()), np.asarray(counts).tolist())


if __name__ == "__main__":
    main()
