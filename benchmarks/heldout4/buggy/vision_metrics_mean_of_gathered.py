"""A vision eval loop: per-image confidences are gathered over 'replica' (reduced) into the
metrics dict, whose scalar summaries are computed with jnp.mean."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

REPLICA = "replica"


def eval_step(images, w):
    logits = images.reshape(images.shape[0], -1) @ w
    conf = jnp.max(jax.nn.softmax(logits, axis=-1), axis=-1)
    conf_all = jax.lax.all_gather(conf, REPLICA, tiled=True, to="reduced")
    metrics = {"confidence": conf_all}
    metrics["mean_confidence"] = jnp.mean(metrics["confidence"])
    return metrics


def inputs():
    images = np.arange(16 * 2 * 2, dtype=np.float32).reshape(16, 2, 2) / 64.0
    w = np.ones((4, 10), np.float32) * np.linspace(0.0, 1.0, 10, dtype=np.float32)
    return images, w


def main(images, w):
    mesh = jax.make_mesh((8,), (REPLICA,))
    images = jax.device_put(images, NamedSharding(mesh, P(REPLICA)))
    w = jax.device_put(w, NamedSharding(mesh, P()))
    f = jax.shard_map(eval_step, mesh=mesh, in_specs=(P(REPLICA), P()),
                      out_specs={"confidence": P(reduced={REPLICA}), "mean_confidence": P(reduced={REPLICA})})
    return f(images, w)


if __name__ == "__main__":
    print(main(*inputs()))
