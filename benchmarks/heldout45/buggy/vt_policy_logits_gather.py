"""IMPALA target policy: logits sharded over actions and learners, gathered for the replay log."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class ShardingConfig:
    learner_axis: str = "learner"
    action_axis: str = "core"
    all_axes: tuple = dataclasses.field(default=("learner", "core"))


def gather_actions(logits, cfg):
    return jax.lax.all_gather(logits, cfg.action_axis, axis=1, tiled=True, to="reduced")


def make_log_fn(cfg, mesh):
    def body(logits):
        per_learner = gather_actions(logits, cfg)
        return jax.lax.all_gather(per_learner, cfg.all_axes, tiled=True, to="reduced")

    fn = jax.shard_map(body, mesh=mesh, in_specs=P(cfg.learner_axis, cfg.action_axis),
                       out_specs=P(None, None, reduced=set(cfg.all_axes)))
    return jax.jit(fn)


def inputs():
    rng = np.random.default_rng(9)
    return (rng.normal(size=(8, 6)).astype(np.float32),)


def main(logits):
    cfg = ShardingConfig()
    mesh = jax.make_mesh((4, 2), cfg.all_axes)
    logits = jax.device_put(logits, NamedSharding(mesh, P(cfg.learner_axis, cfg.action_axis)))
    log_fn = make_log_fn(cfg, mesh)
    return log_fn(logits)


if __name__ == "__main__":
    main(*inputs())
