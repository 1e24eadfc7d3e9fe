"""Win-rate evaluation for a preference-tuned policy against a baseline, judged per head."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

EVAL_AXES = ("pair", "head")


class WinRateEvaluator:
    def __init__(self, axes=EVAL_AXES):
        self.axes = axes

    def votes(self, policy_scores, baseline_scores):
        wins = (policy_scores > baseline_scores).astype(jnp.float32).sum(axis=0)
        return jax.lax.psum(wins, self.axes[0])

    def __call__(self, policy_scores, baseline_scores):
        votes = self.votes(policy_scores, baseline_scores)
        return jax.lax.pmean(votes.mean(), self.axes)


def inputs():
    mesh = jax.make_mesh((2, 4), EVAL_AXES)
    s = NamedSharding(mesh, P(*EVAL_AXES))
    k1, k2 = jax.random.split(jax.random.key(11))
    return mesh, jax.device_put(jax.random.normal(k1, (8, 8)), s), jax.device_put(jax.random.normal(k2, (8, 8)), s)


def main(mesh, pol, base):
    fn = jax.shard_map(WinRateEvaluator(), mesh=mesh, in_specs=(P(*EVAL_AXES),) * 2, out_specs=P())
    return fn(pol, base)


if __name__ == "__main__":
    main(*inputs())
