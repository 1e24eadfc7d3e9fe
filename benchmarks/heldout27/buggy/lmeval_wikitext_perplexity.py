"""Wikitext word perplexity with a vocab-parallel softmax; axes come from a --model_args string."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MODEL_ARGS = "pretrained=tiny-lm,data_axis=batch,vocab_axis=vocab,dtype=float32"


def simple_parse_args_string(args_string):
    return dict(kv.split("=", 1) for kv in args_string.split(",") if kv)


class LogLikelihoodRolling:
    def __init__(self, data_axis, vocab_axis, **kwargs):
        self.data_axis = data_axis
        self.vocab_axis = vocab_axis
        self.dtype = kwargs.get("dtype", "float32")

    def token_nll(self, logits, target_logit):
        m = jax.lax.pmax(jnp.max(logits, axis=-1), self.vocab_axis)
        z = jax.lax.psum(jnp.sum(jnp.exp(logits - m[..., None]), axis=-1), self.vocab_axis)
        return jnp.log(z) + m - target_logit

    def word_perplexity(self, logits, target_logit, n_words):
        nll = jnp.sum(self.token_nll(logits, target_logit))
        total = jax.lax.psum(nll, (self.data_axis, self.vocab_axis))
        return jnp.exp(total / n_words)


def inputs():
    rng = np.random.default_rng(17)
    return rng.normal(size=(8, 16, 32)).astype(np.float32), rng.normal(size=(8, 16)).astype(np.float32)


def main(logits, target_logit):
    lm = LogLikelihoodRolling(**simple_parse_args_string(MODEL_ARGS.split(",", 1)[1]))
    mesh = jax.make_mesh((2, 4), (lm.data_axis, lm.vocab_axis))
    logits = jax.device_put(logits, NamedSharding(mesh, P(lm.data_axis, None, lm.vocab_axis)))
    target_logit = jax.device_put(target_logit, NamedSharding(mesh, P(lm.data_axis, None)))
    fn = jax.shard_map(lambda l, t: lm.word_perplexity(l, t, 96.0), mesh=mesh,
                       in_specs=(P(lm.data_axis, None, lm.vocab_axis), P(lm.data_axis, None)), out_specs=P())
    return fn(logits, target_logit)


if __name__ == "__main__":
    print(main(*inputs()))
