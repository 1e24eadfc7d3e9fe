"""ViViT classification loss: clip logits are replicated over the frame axis after temporal
pooling; the loss sum is reduced over the axes listed in the parallel config."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class ConfigDict(dict):
    def __getattr__(self, key):
        return self[key]


CONFIG = ConfigDict(parallel=ConfigDict(axes=["clip", "time"], reduce_axes=["clip"]),
                    num_classes=10)


def cross_entropy(logits, labels):
    logp = jax.nn.log_softmax(logits, axis=-1)
    return -jnp.sum(jnp.take_along_axis(logp, labels[:, None], axis=-1))


def loss_body(logits, labels, config=CONFIG):
    total = cross_entropy(logits, labels)
    return jax.lax.psum(total, tuple(config.parallel.reduce_axes))


def inputs():
    rng = np.random.default_rng(34)
    return rng.normal(size=(8, 10)).astype(np.float32), rng.integers(0, 10, size=(8,)).astype(np.int32)


def main(logits, labels):
    mesh = jax.make_mesh((2, 4), tuple(CONFIG.parallel.axes))
    logits = jax.device_put(logits, NamedSharding(mesh, P("clip", None)))
    labels = jax.device_put(labels, NamedSharding(mesh, P("clip")))
    return jax.shard_map(loss_body, mesh=mesh, in_specs=(P("clip", None), P("clip")), out_specs=P())(logits, labels)


if __name__ == "__main__":
    main(*inputs())
