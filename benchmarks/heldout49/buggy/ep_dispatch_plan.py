"""Expert-parallel dispatch planning: how many tokens every EP rank will receive."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class EPConfig:
    ep_size: int = 4
    experts_per_rank: int = 2
    ep_axis: str = "ep"
    dp_axis: str = "fsdp"


@dataclasses.dataclass
class DispatchPlan:
    send_counts: jax.Array
    recv_table: jax.Array


def plan_dispatch(expert_ids, *, cfg):
    ranks = expert_ids // cfg.experts_per_rank
    send = jax.nn.one_hot(ranks, cfg.ep_size).sum(axis=0, keepdims=True)
    global_send = jax.lax.psum(send, cfg.dp_axis)
    table = jax.lax.all_gather(global_send, cfg.dp_axis, axis=0, tiled=True, to="reduced")
    return DispatchPlan(send_counts=send, recv_table=table)


def plan_step(expert_ids, cfg):
    plan = plan_dispatch(expert_ids, cfg=cfg)
    return plan.send_counts, plan.recv_table


def inputs():
    mesh = jax.make_mesh((2, 4), ("fsdp", "ep"))
    ids = np.random.default_rng(10).integers(0, 8, size=(64,)).astype(np.int32)
    return mesh, jax.device_put(ids, NamedSharding(mesh, P(("fsdp", "ep"))))


def main(mesh, ids):
    cfg = EPConfig()
    f = jax.shard_map(functools.partial(plan_step, cfg=cfg), mesh=mesh,
                      in_specs=P(("fsdp", "ep")),
                      out_specs=(P(("fsdp", "ep")), P(None, "ep", reduced={"fsdp"})))
    return f(ids)


if __name__ == "__main__":
    main(*inputs())
