"""DP-FedAvg: server adds Gaussian noise to the summed, clipped client updates."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def clip(delta, bound):
    norm = jnp.linalg.norm(delta, axis=-1, keepdims=True)
    return delta * jnp.minimum(1.0, bound / (norm + 1e-12))


def noisy_sum(deltas, noise, *, client_axis, bound, multiplier):
    clipped = jax.lax.all_gather(clip(deltas, bound), client_axis, axis=0, tiled=True, to="reduced")
    total = jax.lax.psum(clipped.sum(axis=0), client_axis)
    return total + multiplier * bound * noise


def inputs():
    rng = np.random.default_rng(503)
    return rng.standard_normal((16, 32)).astype(np.float32), rng.standard_normal((32,)).astype(np.float32)


def main(deltas, noise):
    mesh = jax.make_mesh((8,), ("clients",))
    deltas = jax.device_put(deltas, NamedSharding(mesh, P("clients")))
    noise = jax.device_put(noise, NamedSharding(mesh, P()))
    body = functools.partial(noisy_sum, client_axis="clients", bound=1.0, multiplier=0.8)
    fn = jax.shard_map(body, mesh=mesh, in_specs=(P("clients"), P()), out_specs=P())
    return fn(deltas, noise)


if __name__ == "__main__":
    print(main(*inputs()))
