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


class BlurPool2d:
    """Anti-aliased downsampling; the halo row comes from the next spatial shard."""

    def __init__(self, channels, filt_size=3, spatial_axis="dp", num_shards=2):
        self.spatial_axis = spatial_axis
        self.perm = [(i, (i - 1) % num_shards) for i in range(num_shards)]

    def __call__(self, x):
        halo = jax.lax.ppermute(x[:1], self.spatial_axis, self.perm)
        padded = jnp.concatenate([x, halo], axis=0)
        return 0.25 * padded[:-1] + 0.5 * x + 0.25 * padded[1:]


def create_aa(aa_layer, channels, **kwargs):
    if not aa_layer:
        return None
    return {"blurpool": BlurPool2d}[aa_layer](channels, **kwargs)


class DeepStem:
    def __init__(self, stem_type="", spatial_axis="dp"):
        self.stem_type = stem_type
        self.spatial_axis = spatial_axis

    def __call__(self, x):
        if self.stem_type == "deep":
            x = gather_reduced(x, self.spatial_axis, dim=0)
        return jnp.tanh(x)


class ResNet:
    def __init__(self, stem_type="", aa_layer=None, mesh=None):
        spatial_axis = mesh.axis_names[0]
        self.stem = DeepStem(stem_type, spatial_axis)
        self.aa = create_aa(aa_layer, 64, spatial_axis=spatial_axis, num_shards=mesh.shape[spatial_axis])

    def __call__(self, x):
        x = self.stem(x)
        if self.aa is not None:
            x = self.aa(x)
        return x


def inputs():
    rng = np.random.default_rng(22)
    return (rng.standard_normal((8, 16)).astype(np.float32),)


def main(x):
    mesh = create_mesh()
    model = ResNet(stem_type="deep", aa_layer="blurpool", mesh=mesh)
    x = place(x, mesh, P("dp", "tp"))
    return shard_module(model, mesh, P("dp", "tp"), P("dp", "tp"))(x)


if __name__ == "__main__":
    print(main(*inputs()))
