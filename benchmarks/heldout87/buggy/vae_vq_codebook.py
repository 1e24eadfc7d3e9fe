"""VQModel quantizer port: the codebook is sharded by rows over the batch axis."""
import dataclasses
import functools
import inspect
import json

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# ---- configuration_utils.py ----

class FrozenDict(dict):
    """A config dict readable by attribute that nobody may change after __init__."""

    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError as exc:
            raise AttributeError(f"config has no attribute {name!r}") from exc

    def __setitem__(self, key, value):
        raise TypeError(f"cannot set {key!r}: the config is frozen")


class ConfigMixin:
    config_name = "config.json"
    ignore_for_config = ()

    def register_to_config(self, **kwargs):
        internal = dict(getattr(self, "_internal_dict", {}))
        internal.update(kwargs)
        self._internal_dict = FrozenDict(internal)

    @property
    def config(self):
        return self._internal_dict

    @classmethod
    def from_config(cls, config, **kwargs):
        accepted = inspect.signature(cls.__init__).parameters
        merged = {**dict(config), **kwargs}
        return cls(**{k: v for k, v in merged.items() if k in accepted})

    def save_config(self):
        return json.dumps(dict(self.config), sort_keys=True)


def register_to_config(init):
    @functools.wraps(init)
    def inner(self, *args, **kwargs):
        bound = inspect.signature(init).bind(self, *args, **kwargs)
        bound.apply_defaults()
        kept = {k: v for k, v in bound.arguments.items()
                if k != "self" and k not in self.ignore_for_config}
        self.register_to_config(**kept)
        init(self, *args, **kwargs)

    return inner

# ---- parallel_utils.py (pasted from diffusers_jax/utils/parallel_utils.py) ----

def create_mesh(shape, axis_names):
    return jax.make_mesh(tuple(shape), tuple(axis_names))


def shard(x, mesh, spec):
    return jax.device_put(x, NamedSharding(mesh, spec))


def spec_from_layout(layout, reduced=()):
    """`"data,model"` -> P('data', 'model'); `-` marks an unsharded dimension."""
    dims = [None if part == "-" else part for part in layout.split(",")]
    return P(*dims, reduced=set(reduced))


REDUCTIONS = {"sum": jax.lax.psum, "mean": jax.lax.pmean, "max": jax.lax.pmax}


def sync(x, reduction, axis_name):
    return REDUCTIONS[reduction](x, axis_name)


def gather_reduced(x, axis_name, axis=0):
    return jax.lax.all_gather(x, axis_name, axis=axis, tiled=True, to="reduced")

# ---- vq_model.py ----

@dataclasses.dataclass
class VQEncoderOutput:
    latents: jax.Array
    commit_loss: jax.Array


class VectorQuantizer(ConfigMixin):
    @register_to_config
    def __init__(self, n_e=8, vq_embed_dim=16, beta=0.25, codebook_axis="batch", legacy=True):
        pass

    def full_codebook(self, embedding):
        return gather_reduced(embedding, self.config.codebook_axis)

    def __call__(self, z, embedding):
        codebook = self.full_codebook(embedding)
        if self.config.legacy:
            codebook = jax.lax.all_gather(codebook, self.config.codebook_axis, axis=0, tiled=True)
        distances = (z * z).sum(axis=1, keepdims=True) - 2.0 * (z @ codebook.T)
        z_q = codebook[jnp.argmin(distances, axis=1)]
        commit_loss = self.config.beta * jnp.mean((z_q - z) ** 2, axis=1)
        return VQEncoderOutput(latents=z + (z_q - z), commit_loss=commit_loss)


class VQModel(ConfigMixin):
    @register_to_config
    def __init__(self, num_vq_embeddings=8, vq_embed_dim=16, legacy=True):
        self.quantize = VectorQuantizer(n_e=num_vq_embeddings, vq_embed_dim=vq_embed_dim, legacy=legacy)

    def encode(self, x, embedding):
        return self.quantize(jnp.tanh(x), embedding)


def inputs():
    rng = np.random.default_rng(33)
    return rng.standard_normal((8, 16), dtype=np.float32), rng.standard_normal((8, 16), dtype=np.float32)


def main(images, embedding):
    mesh = create_mesh((2, 4), ("batch", "channels"))
    model = VQModel.from_config({"num_vq_embeddings": 8, "vq_embed_dim": 16})
    images, embedding = shard(images, mesh, P("batch", None)), shard(embedding, mesh, P("batch", None))

    def encode(images, embedding):
        output = model.encode(images, embedding)
        return output.latents, output.commit_loss

    return jax.shard_map(encode, mesh=mesh, in_specs=(P("batch", None), P("batch", None)),
                         out_specs=(P("batch", None), P("batch")))(images, embedding)


if __name__ == "__main__":
    main(*inputs())
