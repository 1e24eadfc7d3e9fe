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


class GlobalResponseNorm:
    """ConvNeXt-V2 GRN on a batch gathered onto every shard."""

    def __init__(self, dim, eps=1e-6, batch_axis="batch"):
        self.eps = eps
        self.batch_axis = batch_axis

    def __call__(self, x):
        gx = jnp.sqrt(jnp.sum(x * x, axis=0, keepdims=True))
        return gx / (jax.lax.pmean(gx, self.batch_axis) + self.eps)


class ConvNeXtBlock:
    def __init__(self, dim, act_layer="gelu", use_grn=False, batch_axis="batch"):
        self.act = create_act_layer(act_layer)
        self.grn = GlobalResponseNorm(dim, batch_axis=batch_axis) if use_grn else None
        self.batch_axis = batch_axis

    def __call__(self, x):
        x = jax.lax.all_gather(x, self.batch_axis, axis=0, tiled=True, to="reduced")
        x = self.act(x)
        if self.grn is not None:
            x = self.grn(x)
        return x


def inputs():
    rng = np.random.default_rng(12)
    return (rng.standard_normal((8, 16)).astype(np.float32),)


def main(x):
    mesh = create_mesh()
    block = ConvNeXtBlock(16, act_layer="tanh", use_grn=True)
    x = place(x, mesh, P("batch", "channel"))
    return shard_module(block, mesh, P("batch", "channel"), P(None, "channel"))(x)


if __name__ == "__main__":
    print(main(*inputs()))
