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
    def __init__(self, dim, init_values=1e-5, axis_name="data"):
        self.dim = dim
        self.init_values = init_values
        self.axis_name = axis_name

    def gamma(self, w):
        full = jax.lax.all_gather(w, self.axis_name, axis=0, tiled=True, to="reduced")
        return full * self.init_values


class Block:
    def __init__(self, dim, init_values=None, axis_name="data"):
        self.ls1 = LayerScale(dim, init_values, axis_name) if init_values else None

    def __call__(self, w):
        if self.ls1 is None:
            return jax.lax.all_gather(w, "data", axis=0, tiled=True, to="reduced")
        return self.ls1.gamma(w)


@register_model
def vit_base_patch14_dinov2(pretrained=False, **kwargs):
    model_args = dict(dim=16, init_values=None)
    kwargs.pop("pretrained_cfg", None)
    return Block(**dict(model_args, **kwargs))


def inputs():
    rng = np.random.default_rng(5)
    return (rng.standard_normal((8, 16)).astype(np.float32),)


def main(w):
    mesh = create_mesh()
    block = create_model("vit_base_patch14_dinov2", init_values=1e-5)
    w = place(w, mesh, P("data", "model"))
    return shard_module(block, mesh, P("data", "model"), P(None, "model", reduced={"data"}))(w)


if __name__ == "__main__":
    print(main(*inputs()))
