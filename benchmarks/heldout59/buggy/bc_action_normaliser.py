"""Behaviour cloning: action normaliser statistics computed from the demonstration set."""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass
class DataConfig:
    demo_axis: str = "demo"
    joint_axis: str = "joint"


@dataclass
class BCConfig:
    data: DataConfig = field(default_factory=DataConfig)
    clip_actions: float = 1.0


class ActionNormaliser:
    def __init__(self, cfg: BCConfig):
        self.cfg = cfg

    def fit(self, actions):
        count = jax.lax.psum(jnp.ones_like(actions[:1]), self.cfg.data.demo_axis)
        total = jax.lax.psum(actions.sum(axis=0, keepdims=True), self.cfg.data.demo_axis)
        mean = total / count
        return jax.lax.all_gather(mean, self.cfg.data.demo_axis, axis=0, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(20)
    return (rng.normal(size=(128, 8)).astype(np.float32),)


def main(actions):
    cfg = BCConfig()
    mesh = jax.make_mesh((2, 4), (cfg.data.demo_axis, cfg.data.joint_axis))
    spec = P(cfg.data.demo_axis, cfg.data.joint_axis)
    actions = jax.device_put(actions, NamedSharding(mesh, spec))
    norm = ActionNormaliser(cfg)
    return jax.shard_map(norm.fit, mesh=mesh, in_specs=spec,
                         out_specs=P(None, cfg.data.joint_axis, reduced={cfg.data.demo_axis}))(actions)


if __name__ == "__main__":
    main(*inputs())
