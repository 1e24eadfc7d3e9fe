import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# --- sharding helpers (pasted from timm_jax/layers/_sharding.py) -----------------------------


def create_mesh(shape=(4, 2), axis_names=("batch", "channel")):
    return jax.make_mesh(tuple(shape), tuple(axis_names))


def place(x, mesh, spec):
    return jax.device_put(x, NamedSharding(mesh, spec))


def shard_module(fn, mesh, in_specs, out_specs):
    return jax.shard_map(fn, mesh=mesh, in_specs=in_specs, out_specs=out_specs)


# --- layer factories (timm_jax/layers/create_act.py, create_norm.py, adaptive_pool.py) ------

_ACT_LAYERS = dict(
    relu=jax.nn.relu,
    gelu=jax.nn.gelu,
    gelu_tanh=functools.partial(jax.nn.gelu, approximate=True),
    silu=jax.nn.silu,
    tanh=jnp.tanh,
    identity=lambda x: x,
)


def get_act_layer(name="relu"):
    if callable(name):
        return name
    return _ACT_LAYERS[name.lower().replace("-", "_")]


def create_act_layer(name, **kwargs):
    act = get_act_layer(name)
    return functools.partial(act, **kwargs) if kwargs else act


_NORM_LAYERS = {}


def register_norm(*names):
    def _register(cls):
        for name in names:
            _NORM_LAYERS[name] = cls
        return cls

    return _register


@register_norm("batchnorm", "batchnorm2d", "syncbn")
class SyncBatchNorm:
    def __init__(self, num_features, eps=1e-5, axis_name="batch"):
        self.eps = eps
        self.axis_name = axis_name

    def __call__(self, x):
        mean = jax.lax.pmean(x.mean(axis=0, keepdims=True), self.axis_name)
        var = jax.lax.pmean(((x - mean) ** 2).mean(axis=0, keepdims=True), self.axis_name)
        return (x - mean) / jnp.sqrt(var + self.eps), mean


@register_norm("layernorm2d")
class LayerNorm2d:
    def __init__(self, num_features, eps=1e-6, axis_name="batch"):
        self.eps = eps

    def __call__(self, x):
        mean = x.mean(axis=0, keepdims=True)
        return (x - mean) / jnp.sqrt(x.var(axis=0, keepdims=True) + self.eps), mean


def get_norm_layer(name):
    return _NORM_LAYERS[name.lower().replace("_", "")]


class ConvNeXtStem:
    def __init__(self, dim, norm_layer="layernorm2d", batch_axis="batch"):
        self.norm = get_norm_layer(norm_layer)(dim, axis_name=batch_axis)
        self.batch_axis = batch_axis

    def collect_stats(self, mean):
        return jax.lax.all_gather(mean, self.batch_axis, axis=0, tiled=True, to="reduced")

    def __call__(self, x):
        x, mean = self.norm(x)
        return x, self.collect_stats(mean)


def inputs():
    rng = np.random.default_rng(10)
    return (rng.standard_normal((8, 16)).astype(np.float32),)


def main(x):
    mesh = create_mesh()
    stem = ConvNeXtStem(16, norm_layer="layernorm2d", batch_axis=mesh.axis_names[0])
    x = place(x, mesh, P("batch", "channel"))
    out_specs = (P("batch", "channel"), P(None, "channel", reduced={"batch"}))
    return shard_module(stem, mesh, P("batch", "channel"), out_specs)(x)


if __name__ == "__main__":
    print(main(*inputs()))
