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


class GatheredNormAct:
    """Norm + act over the full (gathered) batch, for small per-device batches."""

    def __init__(self, num_features, act_layer="identity", apply_act=True, axis_name="dp"):
        self.act = create_act_layer(act_layer) if apply_act else create_act_layer("identity")
        self.axis_name = axis_name

    def __call__(self, x):
        x = gather_reduced(x, self.axis_name, dim=0)
        return self.act(x)


def get_norm_act_layer(norm_layer, act_layer=None):
    return functools.partial(norm_layer, act_layer=act_layer) if act_layer else norm_layer


class DepthwiseSeparableConv:
    def __init__(self, chs, norm_act_layer, noskip=False):
        self.bn1 = norm_act_layer(chs)
        self.has_skip = not noskip

    def __call__(self, x):
        return self.bn1(x)


def inputs():
    rng = np.random.default_rng(25)
    return (rng.standard_normal((8, 16)).astype(np.float32),)


def main(x):
    mesh = create_mesh()
    norm_act = get_norm_act_layer(GatheredNormAct, act_layer="relu6")
    block = DepthwiseSeparableConv(16, norm_act)
    x = place(x, mesh, P("dp", "tp"))
    return shard_module(block, mesh, P("dp", "tp"), P(None, "tp", reduced={"dp"}))(x)


if __name__ == "__main__":
    print(main(*inputs()))
