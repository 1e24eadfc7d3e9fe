"""GRPO loss: clipped importance ratios against the pooled behaviour log-probs."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class GRPOConfig:
    clip_eps: float = 0.2
    kl_coef: float = 0.04
    group_axis: str = "group"
    token_axis: str = "tokens"


def behaviour_logprobs(old_logp, cfg):
    return jax.lax.all_gather(old_logp, cfg.token_axis, axis=1, tiled=True, to="reduced")


def sequence_logprob(logp, cfg):
    return jax.lax.pmean(logp.sum(axis=1), cfg.token_axis)


def clipped_ratio(new_logp, old_logp, cfg):
    seq_old = sequence_logprob(behaviour_logprobs(old_logp, cfg), cfg)
    seq_new = jax.lax.psum(new_logp.sum(axis=1), cfg.token_axis)
    ratio = jnp.exp(seq_new - seq_old)
    return jnp.clip(ratio, 1 - cfg.clip_eps, 1 + cfg.clip_eps)


def inputs():
    rng = np.random.default_rng(303)
    new = rng.normal(-2.0, 0.3, (8, 32)).astype(np.float32)
    return new, new + rng.normal(0.0, 0.05, (8, 32)).astype(np.float32)


def main(new_logp, old_logp):
    cfg = GRPOConfig()
    mesh = jax.make_mesh((2, 4), (cfg.group_axis, cfg.token_axis))
    spec = P(cfg.group_axis, cfg.token_axis)
    new_logp, old_logp = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (new_logp, old_logp))
    fn = jax.shard_map(lambda n, o: clipped_ratio(n, o, cfg), mesh=mesh, in_specs=(spec, spec),
                       out_specs=P(cfg.group_axis))
    return fn(new_logp, old_logp)


if __name__ == "__main__":
    print(main(*inputs()))
