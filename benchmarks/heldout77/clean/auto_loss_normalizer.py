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


class MaskedLMConfig(PretrainedConfig):
    model_type = "masked_lm"

    def __init__(self, loss_axes=("data",), **kwargs):
        self.loss_axes = loss_axes
        super().__init__(**kwargs)


@register_model("masked_lm", MaskedLMConfig)
class FlaxMaskedLMModel(FlaxPreTrainedModel):
    def loss(self, hidden_states):
        data_axis, model_axis = self.config.mesh_axes
        token_loss = jax.lax.pcast(jax.lax.psum(
            jnp.square(hidden_states).sum(axis=1), model_axis), model_axis, to="varying")
        denom = hidden_states.shape[0] * len(self.config.loss_axes)
        return jax.lax.psum(token_loss, axis_name=tuple(self.config.loss_axes)) / denom

    def __call__(self, hidden_states):
        data_axis, model_axis = self.config.mesh_axes
        hidden_states = self.place(hidden_states, P(data_axis, model_axis))
        return self.shard_call(self.loss, P(data_axis, model_axis), P())(hidden_states)


def main(hidden_states):
    pretrained = MaskedLMConfig().to_dict()
    config = MaskedLMConfig.from_dict(pretrained, loss_axes=["data", "model"])
    return AutoModel.from_config(config)(hidden_states)


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16) / 128.0,)


if __name__ == "__main__":
    main(*inputs())
