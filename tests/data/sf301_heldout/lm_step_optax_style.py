# A language-model style step: embedding lookup, loss averaged over the replica axis.
import functools

import jax
import jax.numpy as jnp
import numpy as np

VOCAB, DIM, SEQ = 11, 4, 5


def inputs():
    emb = np.sin(np.arange(VOCAB * DIM, dtype=np.float32)).reshape(VOCAB, DIM)
    out = np.cos(np.arange(DIM * VOCAB, dtype=np.float32)).reshape(DIM, VOCAB) / 3
    tokens = (np.arange(8 * 2 * SEQ) * 7 % VOCAB).reshape(8, 2, SEQ).astype(np.int32)
    return emb, out, tokens


def lm_loss(params, tokens):
    emb, out = params
    h = jnp.tanh(emb[tokens[:, :-1]])
    logits = h @ out
    logp = jax.nn.log_softmax(logits, axis=-1)
    return -jnp.mean(jnp.take_along_axis(logp, tokens[:, 1:, None], axis=-1))


@functools.partial(jax.pmap, axis_name="replica", in_axes=(None, 0))
def update(params, tokens):
    value, grads = jax.value_and_grad(lm_loss)(params, tokens)
    grads = jax.lax.pmean(grads, "replica")
    new = jax.tree.map(lambda p, g: p - 0.5 * g, params, grads)
    return new, jax.lax.pmean(value, "replica")


def main(emb, out, tokens):
    return update((emb, out), tokens)


def loss(emb, out, tokens):
    (e, o), v = main(emb, out, tokens)
    return jnp.sum(e) + jnp.sum(o ** 2) + jnp.sum(v)
