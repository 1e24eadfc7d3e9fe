import dataclasses
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# --- sharding helpers (pasted from timm_jax/layers/_sharding.py) -----------------------------


def create_mesh(shape=(2, 4), axis_names=("data", "model")):
    return jax.make_mesh(tuple(shape), tuple(axis_names))


def place(x, mesh, spec):
    return jax.device_put(x, NamedSharding(mesh, spec))


def shard_module(fn, mesh, in_specs, out_specs):
    return jax.shard_map(fn, mesh=mesh, in_specs=in_specs, out_specs=out_specs)


# --- model registry ---------------------------------------------------------------------------

_model_entrypoints = {}
_model_pretrained_cfgs = {}


def register_model(fn):
    _model_entrypoints[fn.__name__] = fn
    return fn


@dataclasses.dataclass(frozen=True)
class PretrainedCfg:
    num_classes: int = 1000
    input_size: tuple = (3, 224, 224)
    mean: tuple = (0.5, 0.5, 0.5)
    std: tuple = (0.5, 0.5, 0.5)
    mesh_axes: tuple = ("data", "model")


def create_model(model_name, pretrained=False, pretrained_cfg_overlay=None, **kwargs):
    cfg = _model_pretrained_cfgs.get(model_name, PretrainedCfg())
    if pretrained_cfg_overlay:
        cfg = dataclasses.replace(cfg, **pretrained_cfg_overlay)
    kwargs = {k: v for k, v in kwargs.items() if v is not None}
    return _model_entrypoints[model_name](pretrained=pretrained, pretrained_cfg=cfg, **kwargs)


# --- layers -----------------------------------------------------------------------------------


class Linear:
    """Row-parallel linear: the input features are split over the model axis."""

    def __init__(self, axis_name):
        self.axis_name = axis_name

    def __call__(self, x, w):
        return jax.lax.psum(x @ w, self.axis_name)


class VisionTransformer:
    def __init__(self, embed_dim=16, num_classes=4, loss_axes=None, pretrained_cfg=None):
        self.num_classes = num_classes
        self.batch_axis, self.model_axis = pretrained_cfg.mesh_axes
        self.head = Linear(self.model_axis)
        self.loss_axes = loss_axes or (self.batch_axis,)

    def loss(self, x, w, labels):
        logits = self.head(jnp.tanh(x), w)
        logp = jax.nn.log_softmax(logits, axis=-1)
        nll = -jnp.take_along_axis(logp, labels[:, None], axis=-1).mean()
        return jax.lax.pmean(nll, self.loss_axes)


def _create_vision_transformer(variant, pretrained=False, pretrained_cfg=None, **kwargs):
    kwargs.setdefault("loss_axes", pretrained_cfg.mesh_axes)
    return VisionTransformer(pretrained_cfg=pretrained_cfg, **kwargs)


@register_model
def vit_small_patch16_224(pretrained=False, **kwargs):
    model_args = dict(embed_dim=16, num_classes=4)
    return _create_vision_transformer("vit_small_patch16_224", pretrained, **dict(model_args, **kwargs))


def inputs():
    rng = np.random.default_rng(4)
    x = rng.standard_normal((8, 16)).astype(np.float32)
    w = rng.standard_normal((16, 4)).astype(np.float32)
    labels = rng.integers(0, 4, size=(8,)).astype(np.int32)
    return x, w, labels


def main(x, w, labels):
    mesh = create_mesh()
    model = create_model("vit_small_patch16_224", num_classes=4, loss_axes=("data",))
    x = place(x, mesh, P("data", "model"))
    w = place(w, mesh, P("model", None))
    labels = place(labels, mesh, P("data"))
    specs = (P("data", "model"), P("model", None), P("data"))
    return shard_module(model.loss, mesh, specs, P())(x, w, labels)


if __name__ == "__main__":
    print(main(*inputs()))
