"""Pairwise sigmoid loss accumulated over micro-batches drawn from a generator."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

LOSS_AXES = ("data", "model")


def microbatches(img, txt, size):
    for start in range(0, img.shape[0], size):
        yield img[start:start + size], txt[start:start + size]


def pair_loss(img, txt, t=10.0, b=-10.0):
    logits = t * img @ txt.T + b
    labels = 2 * jnp.eye(img.shape[0]) - 1
    return -jax.nn.log_sigmoid(labels * logits).sum()


def body(img, txt):
    total = 0.0
    for mi, mt in microbatches(img, txt, size=2):
        total = total + pair_loss(mi, mt)
    return jax.lax.psum(total, LOSS_AXES) / img.shape[0]


def inputs():
    rng = np.random.default_rng(6)
    return (rng.normal(size=(8, 4)).astype(np.float32),
            rng.normal(size=(8, 4)).astype(np.float32))


def main(img, txt):
    mesh = jax.make_mesh((2, 4), LOSS_AXES)
    img = jax.device_put(img, NamedSharding(mesh, P("data", None)))
    txt = jax.device_put(txt, NamedSharding(mesh, P("data", None)))
    return jax.shard_map(body, mesh=mesh, in_specs=(P("data", None), P("data", None)),
                         out_specs=P())(img, txt)


if __name__ == "__main__":
    print(main(*inputs()))
