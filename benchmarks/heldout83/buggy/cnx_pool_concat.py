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


def _gather(x, axis_name, dim):
    return jax.lax.all_gather(x, axis_name, axis=dim, tiled=True, to="reduced")


def adaptive_avgmax_pool(x, channel_axis):
    pooled = 0.5 * (x.mean(axis=0, keepdims=True) + x.max(axis=0, keepdims=True))
    return _gather(pooled, channel_axis, 1)


def adaptive_catavgmax_pool(x, channel_axis):
    pooled = jnp.concatenate([x.mean(axis=0, keepdims=True), x.max(axis=0, keepdims=True)], axis=0)
    return _gather(pooled, channel_axis, 1)


_POOL_TYPES = {"avgmax": adaptive_avgmax_pool, "catavgmax": adaptive_catavgmax_pool}


class SelectAdaptivePool2d:
    def __init__(self, pool_type="avgmax", axes=("batch", "channel")):
        self.pool = functools.partial(_POOL_TYPES[pool_type], channel_axis=axes[-1])
        self.axes = axes

    def __call__(self, x):
        return self.pool(x)


class ClassifierHead:
    def __init__(self, pool_type, axes):
        self.global_pool = SelectAdaptivePool2d(pool_type, axes)
        self.head_axes = axes

    def __call__(self, x):
        pooled = self.global_pool(x)
        return _gather(pooled, self.head_axes, 0)


def inputs():
    rng = np.random.default_rng(11)
    return (rng.standard_normal((8, 16)).astype(np.float32),)


def main(x):
    mesh = create_mesh()
    head = ClassifierHead("catavgmax", mesh.axis_names)
    x = place(x, mesh, P("batch", "channel"))
    out = P(None, None, reduced={"batch", "channel"})
    return shard_module(head, mesh, P("batch", "channel"), out)(x)


if __name__ == "__main__":
    print(main(*inputs()))
