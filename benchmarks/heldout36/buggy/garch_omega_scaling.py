"""GARCH simulation: scale pooled conditional variances by the fitted intercept vector."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def simulate_scale(h, omega, *, path_axis="paths"):
    pooled = jax.lax.all_gather(h, path_axis, axis=0, tiled=True, to="reduced")
    scaled = pooled * omega
    return jnp.max(scaled, axis=0)


def inputs():
    rng = np.random.default_rng(46)
    return rng.uniform(1e-4, 3e-4, (32, 4)).astype(np.float32), np.array([1.0, 1.5, 0.8, 1.2], np.float32)


def main(h, omega):
    mesh = jax.make_mesh((8,), ("paths",))
    h = jax.device_put(h, NamedSharding(mesh, P("paths", None)))
    omega = jax.device_put(omega, NamedSharding(mesh, P()))
    fn = jax.shard_map(simulate_scale, mesh=mesh, in_specs=(P("paths", None), P()), out_specs=P())
    return fn(h, omega)


if __name__ == "__main__":
    print(main(*inputs()))
