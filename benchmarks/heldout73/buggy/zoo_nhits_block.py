"""Model zoo: N-HiTS block whose hidden layer spans the tensor shards before the activation."""
import enum

import jax
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


ACTIVATIONS = {"relu": jax.nn.relu, "gelu": jax.nn.gelu, "identity": lambda x: x}


@register_model("nhits", activation="relu", pooling=2)
class NHiTSBlock:
    def __init__(self, activation, pooling):
        self.activation = ACTIVATIONS[activation]
        self.pooling = pooling

    def hidden(self, context, kernel):
        pooled = context.reshape(context.shape[0], -1, self.pooling).mean(axis=-1)
        local = pooled @ kernel[: pooled.shape[1]]
        return jax.lax.all_gather(local, MeshAxis.TENSOR.value, axis=1, tiled=True, to="reduced")

    def __call__(self, context, kernel):
        return self.activation(self.hidden(context, kernel))


def inputs():
    rng = np.random.default_rng(65)
    context = rng.normal(size=(8, 16)).astype(np.float32)
    kernel = (0.1 * rng.normal(size=(16, 32))).astype(np.float32)
    return context, kernel


def main(context, kernel):
    mesh = zoo_mesh()
    model = create_model("nhits")
    specs = (P(MeshAxis.REPLICA.value, None), P(None, MeshAxis.TENSOR.value))
    context, kernel = (jax.device_put(a, NamedSharding(mesh, s)) for a, s in zip((context, kernel), specs))
    fn = jax.shard_map(model, mesh=mesh, in_specs=specs, out_specs=P(MeshAxis.REPLICA.value, None))
    return fn(context, kernel)


if __name__ == "__main__":
    print(main(*inputs()))
