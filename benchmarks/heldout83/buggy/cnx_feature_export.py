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
from jax._src.shard_map import top_level_all_gather


class ConvNeXt:
    feature_info = [
        dict(module="stages.0", reduction=4, spec=P("batch", "channel")),
        dict(module="stages.1", reduction=8, spec=P("batch", "channel")),
    ]

    def __init__(self, act_layer="gelu"):
        self.act = create_act_layer(act_layer)

    def forward_intermediates(self, x, mesh):
        feats = {}
        for info in self.feature_info:
            x = self.act(x)
            feats[info["module"]] = jax.reshard(x, info["spec"])
        return feats

    def export_features(self, feats):
        return {
            name: top_level_all_gather(f, P(None, "channel", reduced={"batch"}))
            for name, f in feats.items()
        }


def inputs():
    rng = np.random.default_rng(13)
    return (rng.standard_normal((8, 16)).astype(np.float32),)


def main(x):
    mesh = create_mesh()
    model = ConvNeXt(act_layer="gelu_tanh")
    with jax.set_mesh(mesh):
        x = place(x, mesh, P("batch", "channel"))
        feats = model.forward_intermediates(x, mesh)
    return model.export_features(feats)


if __name__ == "__main__":
    print(main(*inputs()))
