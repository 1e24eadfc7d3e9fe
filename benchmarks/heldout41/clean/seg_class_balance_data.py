"""Class-balanced weights from label frequencies, computed per step on sharded label maps."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def class_frequencies(labels, num_classes, *, pixel_axis):
    counts = jax.nn.one_hot(labels, num_classes).sum(axis=(0, 1))
    return jax.lax.psum(counts, pixel_axis)


def balanced_weights(labels, *, num_classes, pixel_axis, axes, beta=0.999):
    freq = class_frequencies(labels, num_classes, pixel_axis=pixel_axis)
    effective = (1.0 - beta ** freq) / (1.0 - beta)
    w = 1.0 / effective
    return jax.lax.pmean(w / w.sum() * num_classes, axes[0])


def inputs():
    rng = np.random.default_rng(21)
    return (rng.integers(0, 4, size=(4, 64)).astype(np.int32),)


def main(labels):
    mesh = jax.make_mesh((2, 4), ("data", "pixel"))
    labels = jax.device_put(labels, NamedSharding(mesh, P("data", "pixel")))
    body = functools.partial(balanced_weights, num_classes=4, pixel_axis="pixel", axes=("data", "pixel"))
    return jax.shard_map(body, mesh=mesh, in_specs=P("data", "pixel"), out_specs=P())(labels)


if __name__ == "__main__":
    main(*inputs())
