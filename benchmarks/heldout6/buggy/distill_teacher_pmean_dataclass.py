"""Knowledge distillation: the teacher's logits averaged over replicas, shared with the student."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class DistillConfig:
    replica_axis: str = "replica"
    shard_axis: str = "shard"
    temperature: float = 2.0


CFG = DistillConfig()
mesh = jax.make_mesh((2, 4), (CFG.replica_axis, CFG.shard_axis))


def teacher(x, w):
    return jnp.tanh(jax.lax.psum(x @ w, CFG.shard_axis))


def distill_step(x, w_teacher, w_student, cfg=CFG):
    t_logits = jax.lax.pmean(teacher(x, w_teacher), cfg.replica_axis)
    s_logits = jax.lax.psum(x @ w_student, cfg.shard_axis)
    shared = jax.lax.all_gather(t_logits, cfg.replica_axis, tiled=True, to="reduced")
    return s_logits, shared


def inputs():
    k1, k2, k3 = jax.random.split(jax.random.key(1), 3)
    x = jax.random.normal(k1, (8, 16))
    wt = jax.random.normal(k2, (16, 8))
    ws = jax.random.normal(k3, (16, 8))
    return (jax.device_put(x, NamedSharding(mesh, P(CFG.replica_axis, CFG.shard_axis))),
            jax.device_put(wt, NamedSharding(mesh, P(CFG.shard_axis))),
            jax.device_put(ws, NamedSharding(mesh, P(CFG.shard_axis))))


def main(x, wt, ws):
    f = jax.shard_map(distill_step, mesh=mesh,
                      in_specs=(P(CFG.replica_axis, CFG.shard_axis), P(CFG.shard_axis), P(CFG.shard_axis)),
                      out_specs=(P(CFG.replica_axis), P(reduced={CFG.replica_axis})))
    return f(x, wt, ws)
