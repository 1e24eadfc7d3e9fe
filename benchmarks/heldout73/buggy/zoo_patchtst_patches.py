"""Model zoo: PatchTST patch embeddings collected for the attention-map visualiser."""
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


ALL_AXES = tuple(axis.value for axis in MeshAxis)


@register_model("patchtst", patch_len=4, stride=4)
class PatchTST:
    def __init__(self, patch_len, stride):
        self.patch_len = patch_len
        self.stride = stride

    def patches(self, context, kernel):
        embedded = context @ kernel
        return jax.lax.all_gather(embedded, MeshAxis.TENSOR, axis=1, tiled=True, to="reduced")

    def visualise(self, context, kernel):
        patches = self.patches(context, kernel)
        return jax.lax.all_gather(patches, ALL_AXES, axis=0, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(61)
    context = rng.normal(size=(8, 16)).astype(np.float32)
    kernel = (0.1 * rng.normal(size=(16, 32))).astype(np.float32)
    return context, kernel


def main(context, kernel):
    mesh = zoo_mesh()
    model = create_model("patchtst")
    specs = (P(MeshAxis.REPLICA, None), P(None, MeshAxis.TENSOR))
    context, kernel = (jax.device_put(a, NamedSharding(mesh, s)) for a, s in zip((context, kernel), specs))
    fn = jax.shard_map(model.visualise, mesh=mesh, in_specs=specs, out_specs=P(None, None, reduced=set(ALL_AXES)))
    return fn(context, kernel)


if __name__ == "__main__":
    print(main(*inputs()))
