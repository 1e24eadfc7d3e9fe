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


def _token_pool(x, axis_name):
    return x[:1]


def _avg_pool(x, axis_name):
    return jax.lax.pmean(x.mean(axis=0, keepdims=True), axis_name)


_POOLS = {"token": _token_pool, "avg": _avg_pool}


def create_pool(pool_type):
    if pool_type not in _POOLS:
        raise ValueError(f"unknown global_pool {pool_type!r}")
    return _POOLS[pool_type]


class VisionTransformer:
    def __init__(self, embed_dim=16, global_pool="token", pretrained_cfg=None):
        self.embed_dim = embed_dim
        self.global_pool = global_pool
        self.token_axis, self.embed_axis = pretrained_cfg.mesh_axes
        self.pool = create_pool(global_pool)

    def forward_features(self, x):
        return jnp.tanh(x)

    def forward_head(self, x):
        pooled = self.pool(x, self.token_axis)
        return jax.lax.all_gather(pooled, self.token_axis, axis=0, tiled=True, to="reduced")

    def __call__(self, x):
        return self.forward_head(self.forward_features(x))


def _create_vision_transformer(variant, pretrained=False, **kwargs):
    return VisionTransformer(**kwargs)


@register_model
def vit_tiny_patch16_224(pretrained=False, **kwargs):
    model_args = dict(embed_dim=16, global_pool="token")
    return _create_vision_transformer("vit_tiny_patch16_224", pretrained, **dict(model_args, **kwargs))


def inputs():
    rng = np.random.default_rng(0)
    return (rng.standard_normal((8, 16)).astype(np.float32),)


def main(tokens):
    mesh = create_mesh()
    model = create_model("vit_tiny_patch16_224", global_pool="avg")
    tokens = place(tokens, mesh, P("data", "model"))
    fwd = shard_module(model, mesh, P("data", "model"), P(None, "model", reduced={"data"}))
    return fwd(tokens)


if __name__ == "__main__":
    print(main(*inputs()))
