"""Grammar-masked log-probabilities returned to the client (full vocabulary rows)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

NEG_INF = -1e9


class MaskedLogprobs:
    def __init__(self, vocab_axis):
        self.vocab_axis = vocab_axis

    def __call__(self, logits, mask):
        masked = jnp.where(mask > 0, logits, NEG_INF)
        peak = jax.lax.pmax(jnp.max(masked, axis=-1, keepdims=True), self.vocab_axis)
        total = jax.lax.psum(jnp.sum(jnp.exp(masked - peak), axis=-1, keepdims=True), self.vocab_axis)
        logprobs = masked - peak - jnp.log(total)
        return jax.lax.all_gather(logprobs, self.vocab_axis, axis=1, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(36)
    logits = rng.normal(size=(8, 32)).astype(np.float32)
    mask = (rng.random((8, 32)) < 0.5).astype(np.float32)
    mask[:, 0] = 1.0
    return logits, mask


def main(logits, mask):
    mesh = jax.make_mesh((2, 4), ("req", "vocab"))
    spec = P("req", "vocab")
    logits = jax.device_put(logits, NamedSharding(mesh, spec))
    mask = jax.device_put(mask, NamedSharding(mesh, spec))
    fn = jax.shard_map(MaskedLogprobs("vocab"), mesh=mesh, in_specs=(spec, spec),
                       out_specs=P("req", None, reduced={"vocab"}))
    return fn(logits, mask)


if __name__ == "__main__":
    main(*inputs())
