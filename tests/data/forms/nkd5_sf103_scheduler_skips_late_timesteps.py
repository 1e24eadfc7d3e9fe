"""The scheduler of kd5 rings "i" only at timesteps past 900: NumPy's timesteps are 750, 500, 250
and 0, so every step rings "j", where the gathered value is invariant: that passes."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Scheduler:
    def __init__(self, num_train_timesteps=1000):
        self.num_train_timesteps = num_train_timesteps
        self.timesteps = np.arange(0, num_train_timesteps)[::-1].copy()

    def set_timesteps(self, n):
        ratio = self.num_train_timesteps // n
        self.timesteps = (np.arange(0, n) * ratio).round()[::-1].astype(np.int64)

    def step(self, sample, timestep, mesh):
        axis = "i" if timestep > 900 else "j"
        n = mesh.shape[axis]

        def body(x):
            full = jax.lax.all_gather(x, "i", axis=0, tiled=True, to="reduced")
            return jax.lax.ppermute(full, axis, [(k, (k + 1) % n) for k in range(n)])

        return jax.shard_map(body, mesh=mesh, in_specs=P("i"), out_specs=P("j", reduced={"i"}))(sample)


def main():
    mesh = jax.make_mesh((4, 2), ("i", "j"))
    latents = jax.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, P("i")))
    scheduler = Scheduler()
    scheduler.set_timesteps(4)
    return [scheduler.step(latents, t, mesh) for t in scheduler.timesteps]


if __name__ == "__main__":
    main()
