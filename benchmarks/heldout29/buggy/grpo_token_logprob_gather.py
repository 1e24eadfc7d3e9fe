"""GRPO trainer: per-token log-probs of the reference policy collected for the KL penalty."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

gather_reduced = functools.partial(jax.lax.all_gather, tiled=True, to="reduced")


class ReferencePolicy:
    def __init__(self, seq_axis, group_axis):
        self.seq_axis = seq_axis
        self.group_axis = group_axis

    def token_logprobs(self, logits):
        logp = jax.nn.log_softmax(logits, axis=-1).max(axis=-1)
        return gather_reduced(logp, self.seq_axis, axis=1)

    def __call__(self, logits):
        per_seq = self.token_logprobs(logits)
        return gather_reduced(per_seq, (self.group_axis, self.seq_axis), axis=0)


def inputs():
    rng = np.random.default_rng(302)
    return (rng.standard_normal((8, 16, 32)).astype(np.float32),)


def main(logits):
    mesh = jax.make_mesh((4, 2), ("group", "seq"))
    logits = jax.device_put(logits, NamedSharding(mesh, P("group", "seq", None)))
    ref = ReferencePolicy(seq_axis="seq", group_axis="group")
    fn = jax.shard_map(ref, mesh=mesh, in_specs=P("group", "seq", None),
                       out_specs=P(None, None, reduced={"group", "seq"}))
    return fn(logits)


if __name__ == "__main__":
    print(main(*inputs()))
