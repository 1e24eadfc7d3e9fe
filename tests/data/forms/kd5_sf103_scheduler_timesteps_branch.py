"""A DDIM-like scheduler sets its timesteps on the host, `(np.arange(0, n) * ratio).round()[::-1]
.astype(np.int64)`, and its step picks the ring axis by `prev_t >= 0`: NumPy computes those
integers exactly, so the first step certainly permutes over "i" a value reduced on "i", which
raises."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Scheduler:
    def __init__(self, num_train_timesteps=1000):
        self.num_train_timesteps = num_train_timesteps
        self.alphas_cumprod = np.cumprod(1.0 - np.linspace(1e-4, 0.02, num_train_timesteps))
        self.timesteps = np.arange(0, num_train_timesteps)[::-1].copy()

    def set_timesteps(self, n):
        ratio = self.num_train_timesteps // n
        self.num_inference_steps = n
        self.timesteps = (np.arange(0, n) * ratio).round()[::-1].astype(np.int64)

    def step(self, sample, timestep, mesh):
        prev_t = timestep - self.num_train_timesteps // self.num_inference_steps
        alpha_prev = self.alphas_cumprod[prev_t] if prev_t >= 0 else 1.0
        axis = "i" if prev_t >= 0 else "j"  # (the last step rings the other axis)
        n = mesh.shape[axis]

        def body(x):
            full = jax.lax.all_gather(x * float(alpha_prev), "i", axis=0, tiled=True, to="reduced")
            return jax.lax.ppermute(full, axis, [(k, (k + 1) % n) for k in range(n)])  # SF103

        return jax.shard_map(body, mesh=mesh, in_specs=P("i"), out_specs=P("i"))(sample)


def main():
    mesh = jax.make_mesh((4, 2), ("i", "j"))
    latents = jax.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, P("i")))
    scheduler = Scheduler()
    scheduler.set_timesteps(4)
    return scheduler.step(latents, int(scheduler.timesteps[0]), mesh)


if __name__ == "__main__":
    main()
