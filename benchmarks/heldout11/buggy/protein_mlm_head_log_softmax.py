"""The masked-LM head of a protein transformer: dense, GELU, LayerNorm, vocab-sharded decoder."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class MLMHead:
    def __init__(self, vocab_axis="vocab"):
        self.vocab_axis = vocab_axis

    def __call__(self, hidden, w_dense, w_out):
        h = jax.nn.gelu(hidden @ w_dense)
        h = (h - h.mean(-1, keepdims=True)) / (h.std(-1, keepdims=True) + 1e-5)
        logits = jax.lax.all_gather(h @ w_out, self.vocab_axis, axis=-1, tiled=True, to="reduced")
        return jax.nn.log_softmax(logits, axis=-1)


def inputs():
    r = np.random.RandomState(21)
    return r.randn(8, 16).astype(np.float32), r.randn(16, 16).astype(np.float32) * 0.1, r.randn(16, 64).astype(np.float32) * 0.1


def main(hidden, w_dense, w_out):
    mesh = jax.make_mesh((2, 4), ("batch", "vocab"))
    hidden = jax.device_put(hidden, NamedSharding(mesh, P("batch", None)))
    w_dense = jax.device_put(w_dense, NamedSharding(mesh, P()))
    w_out = jax.device_put(w_out, NamedSharding(mesh, P(None, "vocab")))
    head = MLMHead()
    return jax.shard_map(head, mesh=mesh, in_specs=(P("batch", None), P(), P(None, "vocab")),
                         out_specs=P("batch", None, reduced={"vocab"}))(hidden, w_dense, w_out)


if __name__ == "__main__":
    print(main(*inputs()).shape)
