"""Squashed action head of a 7-DoF arm policy: the chunk over the horizon scaled to joint limits."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

JOINT_LIMITS = np.array([2.9, 1.8, 2.9, 3.1, 2.9, 3.8, 2.9], np.float32)

action_head = lambda z: jnp.tanh(z) * JOINT_LIMITS


def predict_chunk(latent, w):
    z = latent @ w
    chunk = jax.lax.all_gather(z, "horizon", axis=1, to="reduced", tiled=True)
    return action_head(chunk)


def inputs():
    rng = np.random.default_rng(33)
    return (rng.normal(size=(8, 16, 12)).astype(np.float32),
            rng.normal(size=(12, 7)).astype(np.float32) * 0.2)


def main(latent, w):
    mesh = jax.make_mesh((2, 4), ("env", "horizon"))
    latent = jax.device_put(latent, NamedSharding(mesh, P("env", "horizon", None)))
    w = jax.device_put(w, NamedSharding(mesh, P()))
    return jax.shard_map(predict_chunk, mesh=mesh, in_specs=(P("env", "horizon", None), P()),
                         out_specs=P("env", None, None, reduced={"horizon"}))(latent, w)


if __name__ == "__main__":
    print(main(*inputs()))
