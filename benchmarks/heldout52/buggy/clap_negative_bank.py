"""CLAP negatives: audio embeddings are projected, then the whole bank is shared for the InfoNCE loss."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

LOSSES = {}


def register_loss(name):
    def wrap(fn):
        LOSSES[name] = fn
        return fn
    return wrap


class AudioProjection:
    axis = "embed"

    def __call__(self, feats):
        return jax.lax.all_gather(feats, self.axis, axis=1, tiled=True, to="reduced")


@register_loss("infonce")
def gather_negatives(projected, axes):
    return jax.lax.all_gather(projected, axes, axis=0, tiled=True, to="reduced")


def train_step(feats, loss_name="infonce", axes=("data", "embed")):
    projected = AudioProjection()(feats)
    return LOSSES[loss_name](projected, axes)


def inputs():
    return (np.linspace(-1.0, 1.0, 8 * 16, dtype=np.float32).reshape(8, 16),)


def main(feats):
    mesh = jax.make_mesh((2, 4), ("data", "embed"))
    feats = jax.device_put(feats, NamedSharding(mesh, P("data", "embed")))
    step = jax.shard_map(functools.partial(train_step, loss_name="infonce"), mesh=mesh,
                         in_specs=P("data", "embed"),
                         out_specs=P(None, None, reduced={"data", "embed"}))
    return step(feats)


if __name__ == "__main__":
    main(*inputs())
