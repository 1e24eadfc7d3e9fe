"""Distributed critic learner: value head split over learners, batch over actors."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class LearnerConfig:
    batch_axis: str = "actors"
    head_axis: str = "learner"
    loss_axes: tuple = dataclasses.field(default_factory=lambda: ("actors", "learner"))
    discount: float = 0.99


class CriticLearner:
    def __init__(self, config: LearnerConfig):
        self.config = config

    def value(self, features, w_head):
        return jax.lax.psum(features @ w_head, self.config.head_axis)

    def sgd_step(self, features, w_head, returns):
        v = self.value(features, w_head)[:, 0]
        loss = jnp.sum((v - returns) ** 2)
        return jax.lax.psum(loss, axis_name=self.config.loss_axes)


def inputs():
    rng = np.random.default_rng(13)
    return (rng.normal(size=(8, 6)).astype(np.float32),
            rng.normal(size=(6, 1)).astype(np.float32),
            rng.normal(size=(8,)).astype(np.float32))


def main(features, w_head, returns):
    cfg = LearnerConfig()
    mesh = jax.make_mesh((4, 2), (cfg.batch_axis, cfg.head_axis))
    specs = (P(cfg.batch_axis, cfg.head_axis), P(cfg.head_axis, None), P(cfg.batch_axis))
    features, w_head, returns = (jax.device_put(a, NamedSharding(mesh, s))
                                 for a, s in zip((features, w_head, returns), specs))
    learner = CriticLearner(cfg)
    return jax.shard_map(learner.sgd_step, mesh=mesh, in_specs=specs, out_specs=P())(features, w_head, returns)


if __name__ == "__main__":
    print(main(*inputs()))
