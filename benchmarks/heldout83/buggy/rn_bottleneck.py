import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# --- sharding helpers (pasted from timm_jax/layers/_sharding.py) -----------------------------


def create_mesh(shape=(2, 4), axis_names=("dp", "tp")):
    return jax.make_mesh(tuple(shape), tuple(axis_names))


def place(x, mesh, spec):
    return jax.device_put(x, NamedSharding(mesh, spec))


def shard_module(fn, mesh, in_specs, out_specs):
    return jax.shard_map(fn, mesh=mesh, in_specs=in_specs, out_specs=out_specs)


def gather_reduced(x, axis_name, dim=0):
    return jax.lax.all_gather(x, axis_name, axis=dim, tiled=True, to="reduced")


# --- timm_jax/layers/create_act.py --------------------------------------------------------

_ACT_LAYERS = dict(
    relu=jax.nn.relu,
    relu6=jax.nn.relu6,
    silu=jax.nn.silu,
    swish=jax.nn.silu,
    sigmoid=jax.nn.sigmoid,
    hard_sigmoid=jax.nn.hard_sigmoid,
    tanh=jnp.tanh,
    identity=lambda x: x,
)


def create_act_layer(name, **kwargs):
    act = _ACT_LAYERS[name] if isinstance(name, str) else name
    return functools.partial(act, **kwargs) if kwargs else act


class Bottleneck:
    expansion = 4

    def __init__(self, inplanes, planes, act_layer="relu", mesh_axes=("dp", "tp")):
        self.act = create_act_layer(act_layer)
        self.fsdp_axes = tuple(mesh_axes)
        self.tp_axis = mesh_axes[-1]

    def conv_weights(self, w):
        w1 = gather_reduced(w, self.tp_axis, dim=1)
        w3 = gather_reduced(w1, self.fsdp_axes, dim=0)
        return w1, w3


class BasicBlock:
    expansion = 1

    def __init__(self, inplanes, planes, act_layer="relu", mesh_axes=("dp", "tp")):
        self.tp_axis = mesh_axes[-1]

    def conv_weights(self, w):
        w1 = gather_reduced(w, self.tp_axis, dim=1)
        return w1, w1


_BLOCKS = dict(basic=BasicBlock, bottleneck=Bottleneck)


class ResNet:
    def __init__(self, block="basic", layers=(2, 2, 2, 2), mesh_axes=("dp", "tp"), **kwargs):
        self.block = _BLOCKS[block](64, 64, mesh_axes=mesh_axes, **kwargs)

    def __call__(self, w):
        return self.block.conv_weights(w)


_model_entrypoints = {}


def register_model(fn):
    _model_entrypoints[fn.__name__] = fn
    return fn


@register_model
def resnet50(**kwargs):
    return ResNet(**dict(dict(block="bottleneck", layers=(3, 4, 6, 3)), **kwargs))


def create_model(name, **kwargs):
    return _model_entrypoints[name](**kwargs)


def inputs():
    rng = np.random.default_rng(21)
    return (rng.standard_normal((8, 16)).astype(np.float32),)


def main(w):
    mesh = create_mesh()
    model = create_model("resnet50", mesh_axes=mesh.axis_names, act_layer="silu")
    w = place(w, mesh, P("dp", "tp"))
    out_specs = (P("dp", None, reduced={"tp"}), P(None, None, reduced={"dp", "tp"}))
    return shard_module(model, mesh, P("dp", "tp"), out_specs)(w)


if __name__ == "__main__":
    print(main(*inputs()))
