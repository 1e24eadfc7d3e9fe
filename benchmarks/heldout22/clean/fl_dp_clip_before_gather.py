"""DP-FedAvg: each shard is clipped to an L2 budget from the environment before the reduced gather."""
import os

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CLIP_NORM = float(os.environ.get("DP_CLIP_NORM", "0.5"))
AXES = ("clients", "model")


def l2_norm(update, axis):
    return jnp.sqrt(jax.lax.psum(jnp.sum(update * update), axis))


def clip(update, norm, clip_norm=CLIP_NORM):
    scale = jnp.minimum(1.0, clip_norm / (norm + 1e-12))
    return update * scale


def dp_aggregate(update):
    clients, model = AXES
    norm = l2_norm(update, AXES)
    clipped = clip(update, norm)
    return jax.lax.all_gather(clipped, clients, axis=0, tiled=True, to="reduced")


def inputs():
    return (np.linspace(-0.3, 0.3, 8 * 8, dtype=np.float32).reshape(8, 8),)


def main(update):
    mesh = jax.make_mesh((4, 2), AXES)
    update = jax.device_put(update, NamedSharding(mesh, P(*AXES)))
    fn = jax.shard_map(dp_aggregate, mesh=mesh, in_specs=P(*AXES),
                       out_specs=P(None, AXES[1], reduced={AXES[0]}))
    return fn(update)


if __name__ == "__main__":
    print(main(*inputs()))
