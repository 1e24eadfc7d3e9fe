"""DPO: per-sequence log-probabilities of the chosen completion from a vocab-parallel LM head."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Module:
    """A small flax.linen-like base: fields as constructor kwargs, submodules built in setup()."""

    def __post_init__(self):
        self.setup()

    def setup(self):
        pass


@dataclasses.dataclass
class VocabParallelLogProb(Module):
    vocab_axis: str
    vocab_per_shard: int

    def setup(self):
        self.offset = jax.lax.axis_index(self.vocab_axis) * self.vocab_per_shard

    def __call__(self, logits, targets):
        local = targets - self.offset
        in_shard = (local >= 0) & (local < self.vocab_per_shard)
        picked = jnp.take_along_axis(logits, jnp.clip(local, 0, self.vocab_per_shard - 1)[..., None], -1)[..., 0]
        picked = jnp.where(in_shard, picked, 0.0)
        lse = jnp.log(jax.lax.psum(jnp.exp(logits).sum(-1), self.vocab_axis))
        token_logp = jax.lax.psum(picked, self.vocab_axis) - lse
        seq_logp = token_logp.sum(-1)
        return jax.lax.all_gather(seq_logp, self.vocab_axis, to="reduced")


def policy_logps(logits, targets):
    head = VocabParallelLogProb(vocab_axis="model", vocab_per_shard=logits.shape[-1])
    return head(logits, targets)


def inputs():
    rng = np.random.default_rng(2621)
    return (rng.standard_normal((8, 6, 32)).astype(np.float32),
            rng.integers(0, 32, (8, 6)).astype(np.int32))


def main(logits, targets):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    logits = jax.device_put(logits, NamedSharding(mesh, P("data", None, "model")))
    targets = jax.device_put(targets, NamedSharding(mesh, P("data", None)))
    fn = jax.shard_map(policy_logps, mesh=mesh, in_specs=(P("data", None, "model"), P("data", None)),
                       out_specs=P(None, "data", reduced={"model"}))
    return fn(logits, targets)


if __name__ == "__main__":
    print(main(*inputs()))
