"""Climate model energy budget: global mean of net radiation over the mesh axes of size > 1."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SIGMA = 5.67e-8


def net_radiation(ts, albedo, solar):
    return solar * (1 - albedo) - SIGMA * ts ** 4


def inputs():
    rng = np.random.default_rng(33)
    ts = (288 + 5 * rng.normal(size=(8, 16))).astype(np.float32)
    albedo = rng.uniform(0.1, 0.6, size=(8, 16)).astype(np.float32)
    return ts, albedo


def main(ts, albedo):
    mesh = jax.make_mesh((2, 4), ("lat", "lon"))
    grid = P("lat", "lon")
    ts, albedo = (jax.device_put(a, NamedSharding(mesh, grid)) for a in (ts, albedo))
    axes = []
    for name, size in mesh.shape.items():
        if size > 1:
            axes.append(name)

    def budget(ts, albedo):
        lat_band = jax.lax.pmean(jnp.mean(net_radiation(ts, albedo, 340.0), axis=1), "lon")
        return jax.lax.pmean(jnp.mean(lat_band), tuple(axes))

    return jax.shard_map(budget, mesh=mesh, in_specs=(grid, grid), out_specs=P())(ts, albedo)


if __name__ == "__main__":
    print(main(*inputs()))
