"""Model zoo: TFT variable-selection weights, a softmax over variables split across tensor shards."""
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


@register_model("tft", hidden_size=32, tensor_axis=MeshAxis.TENSOR.value)
class TemporalFusionTransformer:
    def __init__(self, hidden_size, tensor_axis):
        self.hidden_size = hidden_size
        self.tensor_axis = tensor_axis

    def selection_logits(self, context, kernel):
        local = context @ kernel
        return local, jax.lax.all_gather(local, self.tensor_axis, axis=1, tiled=True, to="reduced")

    def variable_weights(self, context, kernel):
        local, logits = self.selection_logits(context, kernel)
        denom = jax.lax.psum(jnp.exp(logits).sum(axis=1, keepdims=True), self.tensor_axis)
        return jnp.exp(local) / denom


def inputs():
    rng = np.random.default_rng(62)
    context = rng.normal(size=(8, 16)).astype(np.float32)
    kernel = (0.1 * rng.normal(size=(16, 32))).astype(np.float32)
    return context, kernel


def main(context, kernel):
    mesh = zoo_mesh()
    model = create_model("tft")
    specs = (P(MeshAxis.REPLICA.value, None), P(None, model.tensor_axis))
    context, kernel = (jax.device_put(a, NamedSharding(mesh, s)) for a, s in zip((context, kernel), specs))
    fn = jax.shard_map(model.variable_weights, mesh=mesh, in_specs=specs,
                       out_specs=P(MeshAxis.REPLICA.value, model.tensor_axis))
    return fn(context, kernel)


if __name__ == "__main__":
    print(main(*inputs()))
