"""IMPALA learner step: V-trace targets by a reversed scan, losses reduced over the learner mesh."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@functools.partial(jax.tree_util.register_dataclass,
                   data_fields=["rewards", "discounts", "values", "bootstrap", "behaviour_logp", "target_logp"],
                   meta_fields=[])
@dataclasses.dataclass
class Trajectory:
    rewards: jax.Array
    discounts: jax.Array
    values: jax.Array
    bootstrap: jax.Array
    behaviour_logp: jax.Array
    target_logp: jax.Array


@dataclasses.dataclass(frozen=True)
class ImpalaConfig:
    clip_rho: float = 1.0
    clip_c: float = 1.0
    baseline_cost: float = 0.5
    batch_axis: str = "learner"
    core_axis: str = "core"
    reduce_axes: tuple = ("learner", "core")


def vtrace_targets(values, bootstrap, rewards, discounts, rhos, clip_rho, clip_c):
    next_values = jnp.concatenate([values[1:], bootstrap[None]], axis=0)
    clipped_rhos = jnp.minimum(clip_rho, rhos)
    cs = jnp.minimum(clip_c, rhos)
    deltas = clipped_rhos * (rewards + discounts * next_values - values)

    def step(acc, xs):
        delta, discount, c = xs
        acc = delta + discount * c * acc
        return acc, acc

    _, corrections = jax.lax.scan(step, jnp.zeros_like(bootstrap), (deltas, discounts, cs), reverse=True)
    vs = corrections + values
    vs_next = jnp.concatenate([vs[1:], bootstrap[None]], axis=0)
    pg_adv = clipped_rhos * (rewards + discounts * vs_next - values)
    return vs, pg_adv


def build_learner_step(cfg, mesh):
    col = P(None, cfg.batch_axis)
    traj_specs = Trajectory(col, col, col, P(cfg.batch_axis), col, col)

    def loss(traj):
        rhos = jnp.exp(traj.target_logp - traj.behaviour_logp)
        vs, pg_adv = vtrace_targets(traj.values, traj.bootstrap, traj.rewards, traj.discounts,
                                    rhos, cfg.clip_rho, cfg.clip_c)
        pg_loss = -(jax.lax.stop_gradient(pg_adv) * traj.target_logp).sum()
        baseline_loss = 0.5 * jnp.square(vs - traj.values).sum()
        total = pg_loss + cfg.baseline_cost * baseline_loss
        return jax.lax.psum(total, cfg.reduce_axes)

    step = jax.shard_map(loss, mesh=mesh, in_specs=(traj_specs,), out_specs=P())
    return jax.jit(step)


def inputs():
    rng = np.random.default_rng(6)
    T, B = 10, 8
    f = lambda *s: rng.normal(size=s).astype(np.float32)
    return (f(T, B), np.full((T, B), 0.99, np.float32), f(T, B), f(B), f(T, B) - 2.0, f(T, B) - 2.0)


def main(rewards, discounts, values, bootstrap, behaviour_logp, target_logp):
    cfg = ImpalaConfig()
    mesh = jax.make_mesh((4, 2), (cfg.batch_axis, cfg.core_axis))
    col = NamedSharding(mesh, P(None, cfg.batch_axis))
    traj = Trajectory(
        rewards=jax.device_put(rewards, col),
        discounts=jax.device_put(discounts, col),
        values=jax.device_put(values, col),
        bootstrap=jax.device_put(bootstrap, NamedSharding(mesh, P(cfg.batch_axis))),
        behaviour_logp=jax.device_put(behaviour_logp, col),
        target_logp=jax.device_put(target_logp, col),
    )
    learner_step = build_learner_step(cfg, mesh)
    return learner_step(traj)


if __name__ == "__main__":
    main(*inputs())
