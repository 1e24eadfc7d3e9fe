"""Sentence-averaged loss of a cross-entropy criterion configured from a dict."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CRITERION_ARGS = {
    "sentence_avg": True,
    "reduce_over": ["data", "vocab"],
    "vocab_axis": "vocab",
}


class CrossEntropyCriterion:
    def __init__(self, sentence_avg, reduce_over, vocab_axis):
        self.sentence_avg = sentence_avg
        self.reduce_over = tuple(reduce_over)
        self.vocab_axis = vocab_axis

    def __call__(self, target_lp, mask):
        nll = -jax.lax.psum(jnp.sum(target_lp * mask, axis=-1), self.vocab_axis)
        sample_size = nll.shape[0] if self.sentence_avg else jnp.sum(mask)
        loss = jax.lax.pcast(jnp.sum(nll) / sample_size, self.vocab_axis, to="varying")
        return jax.lax.pmean(loss, self.reduce_over)


def inputs():
    rng = np.random.default_rng(24)
    target_lp = -rng.random((8, 32), dtype=np.float32)
    mask = (rng.random((8, 32)) < 0.1).astype(np.float32)
    return target_lp, mask


def main(target_lp, mask):
    mesh = jax.make_mesh((2, 4), ("data", "vocab"))
    crit = CrossEntropyCriterion(**CRITERION_ARGS)
    spec = P("data", "vocab")
    target_lp = jax.device_put(target_lp, NamedSharding(mesh, spec))
    mask = jax.device_put(mask, NamedSharding(mesh, spec))
    loss = jax.shard_map(crit, mesh=mesh, in_specs=(spec, spec), out_specs=P())
    return loss(target_lp, mask)


if __name__ == "__main__":
    main(*inputs())
