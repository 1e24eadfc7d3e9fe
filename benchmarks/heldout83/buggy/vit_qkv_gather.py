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


def gather_weight(w, axis_name, dim):
    return jax.lax.all_gather(w, axis_name, axis=dim, tiled=True, to="reduced")


class Attention:
    def __init__(self, dim, num_heads=2, qkv_bias=False, gather_axes=("model",)):
        self.dim = dim
        self.num_heads = num_heads
        self.qkv_bias = qkv_bias
        self.gather_axes = gather_axes

    def fused_qkv(self, w):
        cols = gather_weight(w, "model", 1)
        return gather_weight(cols, self.gather_axes, 0)


class VisionTransformer:
    def __init__(self, embed_dim=16, num_heads=2, pretrained_cfg=None, **kwargs):
        self.attn = Attention(embed_dim, num_heads, gather_axes=pretrained_cfg.mesh_axes)

    def __call__(self, qkv_w):
        return self.attn.fused_qkv(qkv_w)


@register_model
def vit_small_patch16_224(pretrained=False, **kwargs):
    model_args = dict(embed_dim=16, num_heads=2)
    return VisionTransformer(**dict(model_args, **kwargs))


def inputs():
    rng = np.random.default_rng(1)
    return (rng.standard_normal((8, 16)).astype(np.float32),)


def main(qkv_w):
    mesh = create_mesh()
    model = create_model("vit_small_patch16_224", qkv_bias=True)
    qkv_w = place(qkv_w, mesh, P("data", "model"))
    out = P(None, None, reduced={"data", "model"})
    return shard_module(model, mesh, P("data", "model"), out)(qkv_w)


if __name__ == "__main__":
    print(main(*inputs()))
