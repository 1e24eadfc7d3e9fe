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


def global_pool(x, axes):
    return jax.lax.pmean(x.mean(axis=0, keepdims=True), axes)


class SqueezeExcite:
    def __init__(self, in_chs, rd_ratio=0.25, gate_layer="sigmoid", mesh_axes=("dp", "tp"), pool_axes=None):
        self.gate = create_act_layer(gate_layer)
        self.spatial_axis, self.channel_axis = mesh_axes
        self.pool_axes = pool_axes or mesh_axes

    def __call__(self, x):
        x_se = self.gate(global_pool(x, self.pool_axes))
        return gather_reduced(x_se, self.channel_axis, dim=1)


def _decode_block_str(block_str):
    ops = block_str.split("_")
    options = {}
    for op in ops[1:]:
        key, value = op[:2], op[2:]
        options[key] = value
    return dict(block_type=ops[0], se_ratio=float(options.get("se", 0.0)), gate=options.get("gf", "sigmoid"))


class EfficientNetBuilder:
    def __init__(self, se_layer=SqueezeExcite, mesh_axes=("dp", "tp"), se_pool_axes=None):
        self.se_layer = se_layer
        self.mesh_axes = mesh_axes
        self.se_pool_axes = se_pool_axes

    def __call__(self, in_chs, block_str):
        args = _decode_block_str(block_str)
        if not args["se_ratio"]:
            return None
        return self.se_layer(in_chs, rd_ratio=args["se_ratio"], gate_layer=args["gate"],
                             mesh_axes=self.mesh_axes, pool_axes=self.se_pool_axes)


def inputs():
    rng = np.random.default_rng(20)
    return (rng.standard_normal((8, 16)).astype(np.float32),)


def main(x):
    mesh = create_mesh()
    builder = EfficientNetBuilder(mesh_axes=mesh.axis_names)
    se = builder(16, "ir_r1_k3_s1_e4_c16_se0.25")
    x = place(x, mesh, P("dp", "tp"))
    return shard_module(se, mesh, P("dp", "tp"), P(None, None, reduced={"tp"}))(x)


if __name__ == "__main__":
    print(main(*inputs()))
