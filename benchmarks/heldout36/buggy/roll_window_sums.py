"""Rolling-window statistics: pandas-like `.rolling(window).sum()` over sharded time."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Rolling:
    def __init__(self, window, time_axis="time", series_axis="series"):
        self.window = window
        self.time_axis = time_axis
        self.series_axis = series_axis

    def _block_sums(self, x):
        kernel = jnp.ones((self.window,), x.dtype)
        return jax.vmap(lambda s: jnp.convolve(s, kernel, mode="valid"))(x)

    def sum(self, x):
        total = jax.lax.psum(self._block_sums(x).sum(axis=1), self.time_axis)
        return jax.lax.all_gather(total, self.time_axis, axis=0, to="reduced")


def inputs():
    rng = np.random.default_rng(31)
    return (rng.normal(size=(4, 64)).astype(np.float32),)


def main(x):
    roll = Rolling(window=5)
    mesh = jax.make_mesh((2, 4), (roll.series_axis, roll.time_axis))
    spec = P(roll.series_axis, roll.time_axis)
    x = jax.device_put(x, NamedSharding(mesh, spec))
    fn = jax.shard_map(roll.sum, mesh=mesh, in_specs=spec,
                       out_specs=P(None, roll.series_axis, reduced={roll.time_axis}))
    return fn(x)


if __name__ == "__main__":
    print(main(*inputs()))
