"""Training step: task loss plus load-balancing loss, averaged over the replica axes."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class StepConfig:
    num_experts: int = 8
    balance_weight: float = 1e-2
    replica_axes: tuple = ("data", "expert")


def balance_loss(logits, num_experts, expert_axis):
    probs = jax.nn.softmax(logits, axis=-1)
    density = jax.nn.one_hot(jnp.argmax(logits, -1), num_experts).mean(axis=0)
    loss = jnp.sum(density * probs.mean(axis=0)) * num_experts
    return jax.lax.pmean(loss, expert_axis)


def step(x, w, y, cfg, aux_fn):
    logits = x @ w
    task = jnp.mean((logits - y) ** 2)
    losses = {"task": task, "balance": aux_fn(logits)}
    averaged = {name: jax.lax.pmean(value, axis_name=cfg.replica_axes) for name, value in losses.items()}
    return averaged["task"] + cfg.balance_weight * averaged["balance"]


def inputs():
    rng = np.random.default_rng(22)
    return (rng.normal(size=(32, 16)).astype(np.float32), rng.normal(size=(16, 8)).astype(np.float32),
            rng.normal(size=(32, 8)).astype(np.float32))


def main(x, w, y):
    cfg = StepConfig()
    mesh = jax.make_mesh((4, 2), cfg.replica_axes)
    spec = P(cfg.replica_axes, None)
    x = jax.device_put(x, NamedSharding(mesh, spec))
    y = jax.device_put(y, NamedSharding(mesh, spec))
    aux_fn = functools.partial(balance_loss, num_experts=cfg.num_experts, expert_axis=cfg.replica_axes[-1])
    body = functools.partial(step, cfg=cfg, aux_fn=aux_fn)
    loss = jax.shard_map(body, mesh=mesh, in_specs=(spec, P(), spec), out_specs=P())(x, w, y)
    print("loss", float(loss))
    return loss


if __name__ == "__main__":
    main(*inputs())
