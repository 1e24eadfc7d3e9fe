"""A flax.linen-like Dense module written by hand: setup() builds params, __call__ gathers the kernel."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Module:
    def __init__(self, **kwargs):
        for k, v in kwargs.items():
            setattr(self, k, v)
        self.setup()

    def setup(self):
        pass


class Dense(Module):
    def setup(self):
        self.kernel_axes = (self.fsdp, self.tensor)

    def init(self, key, din):
        return {"kernel": jax.random.normal(key, (din, self.features)) / np.sqrt(din),
                "bias": jnp.zeros((self.features,))}

    def full_kernel(self, kernel):
        k = jax.lax.all_gather(kernel, self.tensor, axis=1, tiled=True, to="reduced")
        return jax.lax.all_gather(k, self.kernel_axes, axis=0, tiled=True, to="reduced")

    def __call__(self, params, x):
        k = self.full_kernel(params["kernel"])
        return k


def inputs():
    return (np.random.default_rng(10).normal(size=(4, 16)).astype(np.float32),)


def main(x):
    mesh = jax.make_mesh((4, 2), ("fsdp", "tensor"))
    layer = Dense(features=8, fsdp="fsdp", tensor="tensor")
    params = layer.init(jax.random.key(1), 16)
    pspecs = {"kernel": P("fsdp", "tensor"), "bias": P()}
    params = jax.device_put(params, jax.tree.map(lambda s: NamedSharding(mesh, s), pspecs))

    out = jax.shard_map(layer, mesh=mesh, in_specs=(pspecs, P()),
                        out_specs=P(None, None, reduced={"fsdp", "tensor"}))(params, x)
    return out


if __name__ == "__main__":
    print(main(*inputs()))
