"""RLHF PPO: rewards from a reward model, whitened across the batch before the advantages."""
import argparse

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def parse_args(argv=()):
    p = argparse.ArgumentParser()
    p.add_argument("--batch-axis", default="rollout")
    p.add_argument("--kl-coef", type=float, default=0.05)
    return p.parse_args(list(argv))


ARGS = parse_args()


def whiten(rewards):
    mean = jax.lax.pmean(rewards.mean(), ARGS.batch_axis)
    var = jax.lax.pmean(((rewards - mean) ** 2).mean(), ARGS.batch_axis)
    return (rewards - mean) * jax.lax.rsqrt(var + 1e-8)


def main(mesh, scores, logp, ref_logp):
    def body(scores, logp, ref_logp):
        kl = logp - ref_logp
        rewards = scores - ARGS.kl_coef * kl.sum(-1)
        table = jax.lax.all_gather(rewards, ARGS.batch_axis, tiled=True, to="reduced")
        whitened = whiten(table)
        return whitened

    f = jax.shard_map(body, mesh=mesh, in_specs=(P(ARGS.batch_axis), P(ARGS.batch_axis, None),
                                                  P(ARGS.batch_axis, None)),
                      out_specs=P(None))
    return f(scores, logp, ref_logp)


def inputs():
    mesh = jax.make_mesh((8,), (ARGS.batch_axis,))
    s = NamedSharding(mesh, P(ARGS.batch_axis, None))
    scores = jax.random.normal(jax.random.key(16), (16,))
    logp = jax.random.normal(jax.random.key(17), (16, 5))
    return (mesh, jax.device_put(scores, NamedSharding(mesh, P(ARGS.batch_axis))),
            jax.device_put(logp, s), jax.device_put(logp * 0.9, s))
