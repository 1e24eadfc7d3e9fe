"""The same model subclasses a dataclass: `dataclasses.replace` may copy its objects, so the
field its __init__ reads back is not known and nothing is judged."""
import dataclasses

import jax
from jax.sharding import PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class PretrainedCfg:
    mesh_axes: tuple = ("i", "j")


class Linear:
    def __init__(self, axis_name):
        self.axis_name = axis_name

    def __call__(self, x):
        return jax.lax.psum(x, self.axis_name)


@dataclasses.dataclass
class Base:
    pass


class Model(Base):
    def __init__(self, pretrained_cfg):
        self.batch_axis, self.model_axis = pretrained_cfg.mesh_axes
        self.head = Linear(self.model_axis)

    def loss(self, x):
        y = self.head(x).mean()
        return jax.lax.pmean(y, (self.batch_axis, self.model_axis))


def create_model(pretrained_cfg_overlay=None):
    cfg = PretrainedCfg()
    if pretrained_cfg_overlay:
        cfg = dataclasses.replace(cfg, **pretrained_cfg_overlay)
    return Model(cfg)


def main(x):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    model = create_model()
    return jax.shard_map(model.loss, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
