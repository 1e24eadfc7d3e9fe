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
from jax._src.shard_map import top_level_all_gather


class BatchNormAct2d:
    def __init__(self, name, num_features, mesh_axes):
        self.name = name
        self.num_features = num_features
        self.mesh_axes = tuple(mesh_axes)

    @property
    def stats_spec(self):
        return P(self.mesh_axes)

    @property
    def export_spec(self):
        return P(self.mesh_axes[-1], reduced={self.mesh_axes[0]})

    def init_stats(self, mesh):
        zeros = np.zeros((self.num_features, 2), np.float32)
        return jax.device_put(zeros, NamedSharding(mesh, self.stats_spec))


def state_dict(norms, stats):
    return {n.name: top_level_all_gather(stats[n.name], n.export_spec) for n in norms}


def inputs():
    return (("bn1", "layer1.0.bn1", "layer1.0.bn2"),)


def main(names):
    mesh = create_mesh()
    norms = [BatchNormAct2d(name, 16, mesh.axis_names) for name in names]
    with jax.set_mesh(mesh):
        stats = {n.name: n.init_stats(mesh) for n in norms}
        return state_dict(norms, stats)


if __name__ == "__main__":
    print(main(*inputs()))
