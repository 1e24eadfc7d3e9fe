"""Heston implied-vol surface assembled from (maturity, strike) tiles, flax-like module."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Module:
    def __init__(self, **attrs):
        self.__dict__.update(attrs)
        self.setup()

    def setup(self):
        pass


class VolSurface(Module):
    def setup(self):
        self.axes = (self.maturity_axis, self.strike_axis)

    def smile(self, total_var):
        return jax.lax.all_gather(jnp.sqrt(total_var), self.strike_axis, axis=1, tiled=True, to="reduced")

    def __call__(self, total_var):
        smile = self.smile(total_var)
        return jax.lax.all_gather(smile, self.axes, axis=0, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(102)
    return (rng.uniform(0.01, 0.09, (16, 16)).astype(np.float32),)


def main(total_var):
    mesh = jax.make_mesh((4, 2), ("maturity", "strike"))
    surface = VolSurface(maturity_axis="maturity", strike_axis="strike")
    total_var = jax.device_put(total_var, NamedSharding(mesh, P("maturity", "strike")))
    fn = jax.shard_map(surface, mesh=mesh, in_specs=P("maturity", "strike"),
                       out_specs=P(None, None, reduced={"maturity", "strike"}))
    return fn(total_var)


if __name__ == "__main__":
    print(main(*inputs()))
