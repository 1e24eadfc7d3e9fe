"""timm's `create_model` overlays the pretrained config by `dataclasses.replace(cfg, **overlay)`;
the model, a plain class, reads back in its __init__ a field it just stored
(`self.head = Linear(self.model_axis)`). `dataclasses.replace` copies only dataclasses, so it
changes no object of the model's class: the field it reads back is known."""
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


class Model:
    def __init__(self, pretrained_cfg):
        self.batch_axis, self.model_axis = pretrained_cfg.mesh_axes
        self.head = Linear(self.model_axis)

    def loss(self, x):
        y = self.head(x).mean()
        return jax.lax.pmean(y, (self.batch_axis, self.model_axis))  # SF105


def create_model(pretrained_cfg_overlay=None):
    cfg = PretrainedCfg()
    if pretrained_cfg_overlay:
        cfg = dataclasses.replace(cfg, **pretrained_cfg_overlay)
    return Model(cfg)


def main(x):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    model = create_model()
    return jax.shard_map(model.loss, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
