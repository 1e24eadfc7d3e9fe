"""Implicit reward accuracy for DPO: per-sequence reward sums reduced over the whole mesh."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class MetricsConfig:
    beta: float = 0.1
    reduce_axes: tuple = ("data", "seq")


def implicit_rewards(policy, ref, beta, seq_axis):
    return beta * jax.lax.psum((policy - ref).sum(axis=-1), seq_axis)


def reward_accuracy(cfg, pc, pr, rc, rr):
    chosen = implicit_rewards(pc, rc, cfg.beta, cfg.reduce_axes[-1])
    rejected = implicit_rewards(pr, rr, cfg.beta, cfg.reduce_axes[-1])
    correct = (chosen > rejected).astype(jnp.float32)
    return jax.lax.pmean(correct.mean(), cfg.reduce_axes[0])


def inputs():
    mesh = jax.make_mesh((2, 4), ("data", "seq"))
    sharding = NamedSharding(mesh, P("data", "seq"))
    ks = jax.random.split(jax.random.key(3), 4)
    return (mesh, *[jax.device_put(-jax.random.uniform(k, (8, 16)), sharding) for k in ks])


def main(mesh, pc, pr, rc, rr):
    cfg = MetricsConfig()
    fn = jax.shard_map(lambda *a: reward_accuracy(cfg, *a), mesh=mesh,
                       in_specs=(P("data", "seq"),) * 4, out_specs=P())
    return fn(pc, pr, rc, rr)


if __name__ == "__main__":
    main(*inputs())
