"""Behaviour cloning: per-shard action means gathered (reduced) for the normaliser table."""
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


class ActionNormaliser:
    def __init__(self, cfg: BCConfig):
        self.cfg = cfg

    def fit(self, actions):
        shard_mean = actions.mean(axis=0, keepdims=True)
        return jax.lax.all_gather(shard_mean, self.cfg.data.demo_axis, axis=0, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(20)
    return (rng.normal(size=(128, 8)).astype(np.float32),)


def main(actions):
    cfg = BCConfig()
    mesh = jax.make_mesh((2, 4), (cfg.data.demo_axis, cfg.data.joint_axis))
    spec = P(cfg.data.demo_axis, cfg.data.joint_axis)
    actions = jax.device_put(actions, NamedSharding(mesh, spec))
    return jax.shard_map(ActionNormaliser(cfg).fit, mesh=mesh, in_specs=spec,
                         out_specs=P(None, cfg.data.joint_axis, reduced={cfg.data.demo_axis}))(actions)


if __name__ == "__main__":
    main(*inputs())
