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


class BatchNorm2d:
    def __init__(self, num_features, momentum=0.1, eps=1e-5):
        self.num_features = num_features
        self.momentum = momentum
        self.eps = eps

    def __call__(self, x):
        mean = x.mean(axis=0)
        var = ((x - mean) ** 2).mean(axis=0)
        return (x - mean) / jnp.sqrt(var + self.eps), var.sum()


class SyncBatchNorm(BatchNorm2d):
    def __init__(self, num_features, momentum=0.1, eps=1e-5, axis_name="dp", log_axes=None):
        super().__init__(num_features, momentum, eps)
        self.axis_name = axis_name
        self.log_axes = log_axes

    def __call__(self, x):
        mean = jax.lax.pmean(x.mean(axis=0), self.axis_name)
        var = jax.lax.pmean(((x - mean) ** 2).mean(axis=0), self.axis_name)
        y = (x - mean) / jnp.sqrt(var + self.eps)
        if self.log_axes is None:
            return y, var.sum()
        return y, jax.lax.psum(var.sum(), self.log_axes)


def convert_sync_batchnorm(module, **sync_kwargs):
    """Swap every BatchNorm2d found in the module's attributes for a SyncBatchNorm."""
    if isinstance(module, BatchNorm2d):
        return SyncBatchNorm(module.num_features, module.momentum, module.eps, **sync_kwargs)
    for name, child in list(vars(module).items()):
        if isinstance(child, (BatchNorm2d, BasicBlock)):
            setattr(module, name, convert_sync_batchnorm(child, **sync_kwargs))
    return module


class BasicBlock:
    def __init__(self, planes, norm_layer=BatchNorm2d, act_layer="relu"):
        self.bn1 = norm_layer(planes)
        self.act = create_act_layer(act_layer)

    def __call__(self, x):
        y, var_sum = self.bn1(x)
        return self.act(y), var_sum


class ResNet:
    def __init__(self, planes=16):
        self.layer1 = BasicBlock(planes)

    def __call__(self, x):
        return self.layer1(x)


def inputs():
    rng = np.random.default_rng(24)
    return (rng.standard_normal((8, 16)).astype(np.float32),)


def main(x):
    mesh = create_mesh()
    model = convert_sync_batchnorm(ResNet(16), axis_name=mesh.axis_names[0], log_axes=mesh.axis_names)
    x = place(x, mesh, P("dp", "tp"))
    return shard_module(model, mesh, P("dp", "tp"), (P("dp", "tp"), P()))(x)


if __name__ == "__main__":
    print(main(*inputs()))
