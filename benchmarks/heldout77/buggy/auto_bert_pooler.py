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


class BertPoolerConfig(PretrainedConfig):
    model_type = "bert_pooler"

    def __init__(self, pooler_reduction="max", **kwargs):
        self.pooler_reduction = pooler_reduction
        super().__init__(**kwargs)


POOLER_REDUCTIONS = {"sum": jax.lax.psum, "mean": jax.lax.pmean, "max": jax.lax.pmax}


@register_model("bert_pooler", BertPoolerConfig)
class FlaxBertPoolerModel(FlaxPreTrainedModel):
    def pool(self, hidden_states):
        data_axis = self.config.mesh_axes[0]
        pooled = POOLER_REDUCTIONS[self.config.pooler_reduction](jnp.tanh(hidden_states), data_axis)
        return jax.lax.all_gather(pooled, data_axis, axis=0, tiled=True, to="reduced")

    def __call__(self, hidden_states):
        data_axis, model_axis = self.config.mesh_axes
        hidden_states = self.place(hidden_states, P(data_axis, model_axis))
        pooler = self.shard_call(self.pool, P(data_axis, model_axis), P(None, model_axis, reduced={data_axis}))
        return pooler(hidden_states)


def main(hidden_states):
    config = BertPoolerConfig.from_dict({"pooler_reduction": "sum", "mesh_shape": [2, 4]})
    model = AutoModel.from_config(config)
    return model(hidden_states)


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16) / 128.0,)


if __name__ == "__main__":
    main(*inputs())
