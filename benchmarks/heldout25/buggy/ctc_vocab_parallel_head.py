"""Vocab-parallel output head of a CTC model: log-softmax across vocab shards, full posteriors out."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class VocabParallelHead:
    def __init__(self, w, data_axis="utt", vocab_axis="vocab"):
        self.w = w
        self.data_axis = data_axis
        self.vocab_axis = vocab_axis

    def log_softmax(self, logits):
        m = jax.lax.pmax(jax.lax.stop_gradient(logits.max(axis=-1, keepdims=True)), self.vocab_axis)
        z = jax.lax.psum(jnp.exp(logits - m).sum(axis=-1, keepdims=True), self.vocab_axis)
        return logits - m - jnp.log(z)

    def __call__(self, frames, w):
        logp = self.log_softmax(frames @ w)
        posteriors = jax.lax.all_gather(logp, self.vocab_axis, axis=2, to="reduced", tiled=True)
        return jax.lax.all_gather(posteriors, (self.data_axis, self.vocab_axis), to="reduced", tiled=True)


def inputs():
    rng = np.random.default_rng(23)
    return (rng.normal(size=(8, 10, 16)).astype(np.float32),
            rng.normal(size=(16, 32)).astype(np.float32) * 0.2)


def main(frames, w):
    head = VocabParallelHead(w)
    mesh = jax.make_mesh((2, 4), (head.data_axis, head.vocab_axis))
    frames = jax.device_put(frames, NamedSharding(mesh, P(head.data_axis, None, None)))
    w = jax.device_put(w, NamedSharding(mesh, P(None, head.vocab_axis)))
    return jax.shard_map(head, mesh=mesh,
                         in_specs=(P(head.data_axis, None, None), P(None, head.vocab_axis)),
                         out_specs=P(reduced={head.data_axis, head.vocab_axis}))(frames, w)


if __name__ == "__main__":
    print(main(*inputs()))
