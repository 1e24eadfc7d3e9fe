"""MoCo InfoNCE: negative logits against a queue split over the shard axis are joined, then
normalised to log-probabilities."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class InfoNCE:
    queue_axis = "shard"

    def __init__(self, temperature=0.07):
        self.temperature = temperature

    def negative_logits(self, q, queue):
        local = q @ queue.T
        return jax.lax.all_gather(local, self.queue_axis, axis=1, tiled=True, to="reduced")

    def log_probs(self, q, queue):
        neg = self.negative_logits(q, queue)
        return jax.nn.log_softmax(neg, axis=-1)


def inputs():
    rng = np.random.default_rng(14)
    return rng.normal(size=(16, 8)).astype(np.float32), rng.normal(size=(32, 8)).astype(np.float32)


def main(q, queue):
    mesh = jax.make_mesh((4, 2), ("replica", "shard"))
    q = jax.device_put(q, NamedSharding(mesh, P("replica", None)))
    queue = jax.device_put(queue, NamedSharding(mesh, P("shard", None)))
    loss = InfoNCE()
    return jax.shard_map(loss.log_probs, mesh=mesh, in_specs=(P("replica", None), P("shard", None)),
                         out_specs=P("replica", None))(q, queue)


if __name__ == "__main__":
    main(*inputs())
