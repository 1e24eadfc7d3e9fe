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


class NormMlpClassifierHead:
    def __init__(self, in_features, hidden_size=None, act_layer="tanh", gather_axis="batch"):
        self.act = create_act_layer(act_layer)
        self.hidden_size = hidden_size
        self.gather_axis = gather_axis

    def pre_logits(self, x):
        x = jax.lax.all_gather(x, self.gather_axis, axis=0, tiled=True, to="reduced")
        return self.act(x)

    def __call__(self, x):
        return self.pre_logits(x)


def _create_head(model_args, **kwargs):
    return NormMlpClassifierHead(**dict(model_args, **kwargs))


def inputs():
    rng = np.random.default_rng(15)
    return (rng.standard_normal((8, 16)).astype(np.float32),)


def main(x):
    mesh = create_mesh()
    head = _create_head(dict(in_features=16, hidden_size=16), act_layer="tanh")
    x = place(x, mesh, P("batch", "channel"))
    return shard_module(head, mesh, P("batch", "channel"), P(None, "channel", reduced={"batch"}))(x)


if __name__ == "__main__":
    print(main(*inputs()))
