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


class T5SaveConfig(PretrainedConfig):
    model_type = "t5_save"

    def __init__(self, param_layout=None, save_layout=None, **kwargs):
        self.param_layout = param_layout or {"wo": [["data", "model"], None]}
        self.save_layout = save_layout or {"wo": [None, None, {"reduced": ["data", "model"]}]}
        super().__init__(**kwargs)


def spec_from(entries):
    reduced = set()
    dims = []
    for entry in entries:
        if isinstance(entry, dict):
            reduced = set(entry["reduced"])
        elif isinstance(entry, list):
            dims.append(tuple(entry))
        else:
            dims.append(entry)
    return P(*dims, reduced=reduced)


@register_model("t5_save", T5SaveConfig)
class FlaxT5SaveModel(FlaxPreTrainedModel):
    def gather_param(self, name, param):
        with jax.set_mesh(self.mesh):
            return top_level_all_gather(param, spec_from(self.config.save_layout[name]))

    def save_pretrained(self, params):
        placed = {name: self.place(value, spec_from(self.config.param_layout[name])) for name, value in params.items()}
        return {name: np.asarray(self.gather_param(name, value)) for name, value in placed.items()}


def main(wo):
    config = T5SaveConfig.from_dict({"save_layout": {"wo": [["model"], None]}})
    model = AutoModel.from_config(config)
    return model.save_pretrained({"wo": wo})


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16) / 128.0,)


if __name__ == "__main__":
    main(*inputs())
