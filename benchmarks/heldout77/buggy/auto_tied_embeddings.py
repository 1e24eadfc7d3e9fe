import collections
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


class PretrainedConfig:
    model_type = ""

    def __init__(self, **kwargs):
        self.mesh_shape = tuple(kwargs.pop("mesh_shape", (2, 4)))
        self.mesh_axes = tuple(kwargs.pop("mesh_axes", ("data", "model")))
        for key, value in kwargs.items():
            setattr(self, key, value)

    def to_dict(self):
        output = dict(self.__dict__)
        output["model_type"] = self.model_type
        return output

    @classmethod
    def from_dict(cls, config_dict, **kwargs):
        merged = {**config_dict, **kwargs}
        merged.pop("model_type", None)
        return cls(**merged)


MODEL_MAPPING = collections.OrderedDict()


def register_model(model_type, config_class):
    def wrap(model_class):
        MODEL_MAPPING[model_type] = model_class
        model_class.config_class = config_class
        return model_class
    return wrap


class AutoModel:
    @classmethod
    def from_config(cls, config):
        if config.model_type not in MODEL_MAPPING:
            raise ValueError(f"Unrecognized model type {config.model_type}")
        return MODEL_MAPPING[config.model_type](config)


class FlaxPreTrainedModel:
    config_class = PretrainedConfig

    def __init__(self, config):
        self.config = config
        self.mesh = jax.make_mesh(config.mesh_shape, config.mesh_axes)

    def place(self, array, spec):
        return jax.device_put(array, NamedSharding(self.mesh, spec))

    def shard_call(self, fn, in_specs, out_specs):
        return jax.shard_map(fn, mesh=self.mesh, in_specs=in_specs, out_specs=out_specs)


class GPTTiedConfig(PretrainedConfig):
    model_type = "gpt_tied"

    def __init__(self, vocab_size=16, tie_word_embeddings=True, tie_axes=("data",), **kwargs):
        self.vocab_size = vocab_size
        self.tie_word_embeddings = tie_word_embeddings
        self.tie_axes = tie_axes
        super().__init__(**kwargs)


def gather_embeddings(x, axes, dim):
    return jax.lax.all_gather(x, axes, axis=dim, tiled=True, to="reduced")


@register_model("gpt_tied", GPTTiedConfig)
class FlaxGPTTiedModel(FlaxPreTrainedModel):
    def tie(self, wte):
        data_axis, model_axis = self.config.mesh_axes
        columns = gather_embeddings(wte, model_axis, 1)
        if not self.config.tie_word_embeddings:
            return columns
        return gather_embeddings(columns, tuple(self.config.tie_axes), 0)

    def __call__(self, wte):
        data_axis, model_axis = self.config.mesh_axes
        wte = self.place(wte, P(data_axis, model_axis))
        out = P(reduced=set(self.config.tie_axes) | {model_axis})
        return self.shard_call(self.tie, P(data_axis, model_axis), out)(wte)


def main(wte):
    base = GPTTiedConfig()
    config = GPTTiedConfig.from_dict(base.to_dict(), tie_axes=["data", "model"])
    return AutoModel.from_config(config)(wte)


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16) / 128.0,)


if __name__ == "__main__":
    main(*inputs())
