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
from jax._src.shard_map import top_level_all_gather

# --- export -----------------------------------------------------------------------------------

PARAM_LAYOUTS = {
    "patch_embed.proj.weight": P("data", "model"),
    "blocks.0.attn.qkv.weight": P("data", "model"),
    "head.weight": P(None, "model"),
}

# layouts the exported (single host) checkpoint is written with
EXPORT_LAYOUTS = {
    "patch_embed.proj.weight": P(None, "model", reduced={"data"}),
    "blocks.0.attn.qkv.weight": P("model", None, reduced={"data"}),
    "head.weight": P(None, "model"),
}


class VisionTransformer:
    def __init__(self, embed_dim=16, init_scale=0.02, pretrained_cfg=None):
        self.embed_dim = embed_dim
        self.init_scale = init_scale
        self.pretrained_cfg = pretrained_cfg

    def init_params(self, mesh, rng):
        params = {}
        for name, spec in PARAM_LAYOUTS.items():
            value = self.init_scale * rng.standard_normal((8, self.embed_dim)).astype(np.float32)
            params[name] = place(value, mesh, spec)
        return params


@register_model
def vit_tiny_patch16_224(pretrained=False, **kwargs):
    model_args = dict(embed_dim=16)
    return VisionTransformer(**dict(model_args, **kwargs))


def checkpoint_filter_fn(state_dict):
    out = {}
    for k, v in state_dict.items():
        out[k] = top_level_all_gather(v, EXPORT_LAYOUTS[k])
    return out


def inputs():
    return (np.random.default_rng(3),)


def main(rng):
    mesh = create_mesh()
    model = create_model("vit_tiny_patch16_224", init_scale=0.1)
    with jax.set_mesh(mesh):
        params = model.init_params(mesh, rng)
        exported = checkpoint_filter_fn(params)
    return exported


if __name__ == "__main__":
    print({k: v.shape for k, v in main(*inputs()).items()})
