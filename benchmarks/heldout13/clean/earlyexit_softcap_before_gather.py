"""Exit head with logit soft-capping applied to each vocab shard's logits before they are
gathered as a reduced array."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class ExitHead:
    def __init__(self, vocab_axis="vocab", cap=30.0):
        self.vocab_axis, self.cap = vocab_axis, cap

    def softcap(self, logits):
        return self.cap * jnp.tanh(logits / self.cap)

    def __call__(self, hidden, w_vocab):
        local = self.softcap(hidden @ w_vocab)
        return jax.lax.all_gather(local, self.vocab_axis, axis=-1, tiled=True, to="reduced")


def main(hidden, w_vocab, mesh):
    head = ExitHead()
    hidden = jax.device_put(hidden, NamedSharding(mesh, P("batch", None)))
    w_vocab = jax.device_put(w_vocab, NamedSharding(mesh, P(None, "vocab")))
    fn = jax.shard_map(head, mesh=mesh, in_specs=(P("batch", None), P(None, "vocab")),
                       out_specs=P("batch", None, reduced={"vocab"}))
    return fn(hidden, w_vocab)


def inputs():
    mesh = jax.make_mesh((2, 4), ("batch", "vocab"))
    k1, k2 = jax.random.split(jax.random.key(66))
    return jax.random.normal(k1, (4, 8)), jax.random.normal(k2, (8, 32)), mesh
