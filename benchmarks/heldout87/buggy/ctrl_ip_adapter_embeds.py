"""IP-Adapter port: image embeddings prepared for classifier-free guidance."""
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

# ---- pipeline_stable_diffusion.py (IPAdapterMixin) ----

class ImageProjection(ConfigMixin):
    @register_to_config
    def __init__(self, image_embed_dim=16, cross_attention_dim=16, num_image_text_embeds=4, embed_axis="model"):
        pass

    def __call__(self, image_embeds):
        return gather_reduced(jnp.tanh(image_embeds), self.config.embed_axis, axis=1)


class IPAdapterMixin:
    def load_ip_adapter(self, image_projection, embeds_axes):
        self.image_projection = image_projection
        self.embeds_axes = embeds_axes

    def prepare_ip_adapter_image_embeds(self, image_embeds, do_classifier_free_guidance=True):
        image_embeds = self.image_projection(image_embeds)
        if do_classifier_free_guidance:
            negative_image_embeds = jnp.zeros_like(image_embeds)
            image_embeds = jnp.concatenate([negative_image_embeds, image_embeds])
        return gather_reduced(image_embeds, self.embeds_axes)


class StableDiffusionPipeline(IPAdapterMixin):
    def __init__(self, mesh):
        self.mesh = mesh


def inputs():
    rng = np.random.default_rng(52)
    return rng.standard_normal((8, 16), dtype=np.float32), rng.standard_normal((8, 16), dtype=np.float32)


def main(latents, image_embeds):
    mesh = create_mesh((2, 4), ("data", "model"))
    pipe = StableDiffusionPipeline(mesh)
    pipe.load_ip_adapter(ImageProjection.from_config({"image_embed_dim": 16}), embeds_axes=("data", "model"))
    image_embeds = shard(image_embeds, mesh, P("data", "model"))
    return jax.shard_map(pipe.prepare_ip_adapter_image_embeds, mesh=mesh, in_specs=P("data", "model"),
                         out_specs=P(None, None, reduced={"data", "model"}))(image_embeds)


if __name__ == "__main__":
    main(*inputs())
