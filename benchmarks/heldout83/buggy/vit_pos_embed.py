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


def resample_abs_pos_embed(posemb, axis_name, num_prefix_tokens=1):
    # keep the prefix (cls) rows, smooth the grid rows towards their shard mean
    prefix, grid = posemb[:num_prefix_tokens], posemb[num_prefix_tokens:]
    grid = 0.5 * (grid + jax.lax.pmean(grid, axis_name))
    return jnp.concatenate([prefix, grid], axis=0)


class PatchEmbed:
    def __init__(self, embed_dim, dynamic_img_size=False):
        self.embed_dim = embed_dim
        self.dynamic_img_size = dynamic_img_size


class VisionTransformer:
    def __init__(self, embed_dim=16, dynamic_img_size=False, class_token=True, pretrained_cfg=None):
        self.patch_embed = PatchEmbed(embed_dim, dynamic_img_size)
        self.num_prefix_tokens = 1 if class_token else 0
        self.seq_axis = pretrained_cfg.mesh_axes[0]

    def full_pos_embed(self, pos_embed):
        return jax.lax.all_gather(pos_embed, self.seq_axis, axis=0, tiled=True, to="reduced")

    def _pos_embed(self, x, pos_embed):
        pos = self.full_pos_embed(pos_embed)
        if self.patch_embed.dynamic_img_size:
            pos = resample_abs_pos_embed(pos, self.seq_axis, self.num_prefix_tokens)
        return x + pos

    def __call__(self, x, pos_embed):
        return self._pos_embed(x, pos_embed)


@register_model
def vit_base_patch16_clip_224(pretrained=False, **kwargs):
    model_args = dict(embed_dim=16, class_token=True)
    return VisionTransformer(**dict(model_args, **kwargs))


def inputs():
    rng = np.random.default_rng(2)
    return rng.standard_normal((8, 16)).astype(np.float32), rng.standard_normal((8, 16)).astype(np.float32)


def main(x, pos_embed):
    mesh = create_mesh()
    model = create_model("vit_base_patch16_clip_224", dynamic_img_size=True)
    x = place(x, mesh, P(None, "model"))
    pos_embed = place(pos_embed, mesh, P("data", "model"))
    fwd = shard_module(model, mesh, (P(None, "model"), P("data", "model")), P(None, "model"))
    return fwd(x, pos_embed)


if __name__ == "__main__":
    print(main(*inputs()))
