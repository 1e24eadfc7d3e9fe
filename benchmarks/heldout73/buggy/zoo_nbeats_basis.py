"""Model zoo: N-BEATS trend block with a tensor-parallel basis projection."""
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


@register_model("nbeats", degree=3, tensor_axis=MeshAxis.TENSOR.value)
class NBeatsTrendBlock:
    def __init__(self, degree, tensor_axis):
        self.degree = degree
        self.tensor_axis = tensor_axis

    def param_specs(self):
        return P(MeshAxis.REPLICA.value, self.tensor_axis), P(self.tensor_axis, None)

    def theta(self, context, kernel):
        partial = context @ kernel
        return jax.lax.psum(partial, self.tensor_axis)

    def apply(self, context, kernel):
        theta = self.theta(context, kernel)
        return jax.lax.all_gather(theta, self.tensor_axis, axis=1, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(60)
    context = rng.normal(size=(8, 16)).astype(np.float32)
    kernel = (0.1 * rng.normal(size=(16, 32))).astype(np.float32)
    return context, kernel


def main(context, kernel):
    mesh = zoo_mesh()
    model = create_model("nbeats")
    specs = model.param_specs()
    context, kernel = (jax.device_put(a, NamedSharding(mesh, s)) for a, s in zip((context, kernel), specs))
    fn = jax.shard_map(model.apply, mesh=mesh, in_specs=specs,
                       out_specs=P(MeshAxis.REPLICA.value, None, reduced={model.tensor_axis}))
    return fn(context, kernel)


if __name__ == "__main__":
    print(main(*inputs()))
