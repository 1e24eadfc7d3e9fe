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


class LayerScale:
    def __init__(self, dim, init_values=1e-5):
        self.gamma = np.full((dim,), init_values, np.float32)

    def __call__(self, x):
        return x * self.gamma


class Identity:
    def __call__(self, x):
        return x


class Block:
    """Sequence-parallel block: every shard attends over the full (gathered) sequence."""

    def __init__(self, dim, num_heads, init_values=None, seq_axis="data"):
        self.seq_axis = seq_axis
        self.ls1 = LayerScale(dim, init_values) if init_values else Identity()

    def attn(self, x):
        kv = jax.lax.all_gather(x, self.seq_axis, axis=0, tiled=True, to="reduced")
        return jnp.tanh(kv)

    def __call__(self, x):
        return self.ls1(self.attn(x))


class VisionTransformer:
    def __init__(self, embed_dim=16, depth=1, num_heads=2, init_values=None, block_fn=Block,
                 pretrained_cfg=None):
        seq_axis = pretrained_cfg.mesh_axes[0]
        self.blocks = [
            block_fn(embed_dim, num_heads, init_values=init_values, seq_axis=seq_axis)
            for _ in range(depth)
        ]

    def forward_features(self, x):
        for blk in self.blocks:
            x = blk(x)
        return x

    def __call__(self, x):
        return self.forward_features(x)


def build_model_with_cfg(model_cls, variant, pretrained, pretrained_cfg=None, **kwargs):
    return model_cls(pretrained_cfg=pretrained_cfg, **kwargs)


@register_model
def vit_small_patch14_dinov2(pretrained=False, **kwargs):
    model_args = dict(embed_dim=16, depth=1, num_heads=2, init_values=1e-5)
    return build_model_with_cfg(VisionTransformer, "vit_small_patch14_dinov2", pretrained, **dict(model_args, **kwargs))


@register_model
def vit_small_patch16_224(pretrained=False, **kwargs):
    model_args = dict(embed_dim=16, depth=1, num_heads=2)
    return build_model_with_cfg(VisionTransformer, "vit_small_patch16_224", pretrained, **dict(model_args, **kwargs))


def inputs():
    rng = np.random.default_rng(5)
    return (rng.standard_normal((8, 16)).astype(np.float32),)


def main(x):
    mesh = create_mesh()
    model = create_model("vit_small_patch16_224")
    x = place(x, mesh, P("data", None))
    return shard_module(model, mesh, P("data", None), P(None, None, reduced={"data"}))(x)


if __name__ == "__main__":
    print(main(*inputs()))
