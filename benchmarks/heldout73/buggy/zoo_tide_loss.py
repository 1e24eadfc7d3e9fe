"""Model zoo: TiDE training loss with a row-parallel decoder, averaged over all devices."""
import enum

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class MeshAxis(str, enum.Enum):
    REPLICA = "replica"
    TENSOR = "tensor"


MODEL_ZOO = {}


def register_model(name, **default_hparams):
    def wrap(cls):
        cls.zoo_name = name
        cls.default_hparams = default_hparams
        MODEL_ZOO[name] = cls
        return cls

    return wrap


def create_model(name, **overrides):
    cls = MODEL_ZOO[name]
    return cls(**{**cls.default_hparams, **overrides})


def zoo_mesh():
    return jax.make_mesh((2, 4), tuple(a.value for a in MeshAxis))


ALL_AXES = tuple(a.value for a in MeshAxis)


@register_model("tide", hidden_size=32, loss_axes=ALL_AXES)
class TiDE:
    def __init__(self, hidden_size, loss_axes):
        self.hidden_size = hidden_size
        self.loss_axes = loss_axes

    def decode(self, context, kernel):
        return jax.lax.psum(context @ kernel, MeshAxis.TENSOR.value)

    def loss(self, context, kernel):
        forecast = self.decode(context, kernel)
        target = jnp.zeros_like(forecast)
        mse = ((forecast - target) ** 2).mean()
        return jax.lax.pmean(mse, self.loss_axes)


def inputs():
    rng = np.random.default_rng(64)
    context = rng.normal(size=(8, 16)).astype(np.float32)
    kernel = (0.1 * rng.normal(size=(16, 32))).astype(np.float32)
    return context, kernel


def main(context, kernel):
    mesh = zoo_mesh()
    model = create_model("tide")
    specs = (P(MeshAxis.REPLICA.value, MeshAxis.TENSOR.value), P(MeshAxis.TENSOR.value, None))
    context, kernel = (jax.device_put(a, NamedSharding(mesh, s)) for a, s in zip((context, kernel), specs))
    fn = jax.shard_map(model.loss, mesh=mesh, in_specs=specs, out_specs=P())
    return fn(context, kernel)


if __name__ == "__main__":
    print(main(*inputs()))
