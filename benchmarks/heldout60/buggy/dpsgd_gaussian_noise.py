"""Gaussian mechanism: noise N(0, sigma^2 C^2) added to the summed clipped gradient."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DP_CONFIG = {"noise_multiplier": 1.3, "max_grad_norm": 1.0, "axes": ["batch", "feature"]}


def gaussian_mechanism(summed, key, config=DP_CONFIG):
    batch_axis = config["axes"][0]
    total = jax.lax.all_gather(summed, batch_axis, axis=0, tiled=True, to="reduced")
    std = config["noise_multiplier"] * config["max_grad_norm"]
    noise = std * jax.random.normal(key, total.shape)
    return total + noise


def step(per_example, key):
    summed = per_example.sum(axis=0, keepdims=True)
    return gaussian_mechanism(summed, key)


def inputs():
    return np.ones((16, 8), dtype=np.float32), np.array([0, 42], dtype=np.uint32)


def main(per_example, key):
    axes = tuple(DP_CONFIG["axes"])
    mesh = jax.make_mesh((4, 2), axes)
    per_example = jax.device_put(per_example, NamedSharding(mesh, P(*axes)))
    key = jax.device_put(key, NamedSharding(mesh, P()))
    fn = jax.shard_map(step, mesh=mesh, in_specs=(P(*axes), P()), out_specs=P(None, axes[1]))
    return fn(per_example, key)


if __name__ == "__main__":
    main(*inputs())
