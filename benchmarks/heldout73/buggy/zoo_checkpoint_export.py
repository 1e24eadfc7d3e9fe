"""Model zoo: exporting a trained TiDE checkpoint to the layouts the serving runtime loads."""
import enum

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
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


@register_model("tide", hidden_size=32)
class TiDE:
    TRAIN_LAYOUT = {
        "encoder/kernel": P("replica", "tensor"),
        "decoder/kernel": P(None, "tensor"),
        "residual/kernel": P("tensor", None),
    }
    SERVE_LAYOUT = {
        "encoder/kernel": P(None, "tensor", reduced={"replica"}),
        "decoder/kernel": P(None, None, reduced={"tensor"}),
        "residual/kernel": P("replica", None, reduced={"tensor"}),
    }

    def __init__(self, hidden_size):
        self.hidden_size = hidden_size

    def init(self, kernel, mesh):
        params = {"encoder/kernel": kernel[:, :16].reshape(16, 16), "decoder/kernel": kernel[:, 16:].T,
                  "residual/kernel": kernel[:, :16]}
        return {k: jax.device_put(v, NamedSharding(mesh, self.TRAIN_LAYOUT[k])) for k, v in params.items()}


def export_checkpoint(model, params):
    return {name: top_level_all_gather(value, model.SERVE_LAYOUT[name]) for name, value in params.items()}


def inputs():
    rng = np.random.default_rng(63)
    context = rng.normal(size=(8, 16)).astype(np.float32)
    kernel = (0.1 * rng.normal(size=(16, 32))).astype(np.float32)
    return context, kernel


def main(context, kernel):
    mesh = zoo_mesh()
    model = create_model("tide")
    params = model.init(kernel, mesh)
    with jax.set_mesh(mesh):
        return export_checkpoint(model, params)


if __name__ == "__main__":
    print(main(*inputs()))
