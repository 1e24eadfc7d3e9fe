"""HuggingFace's `PretrainedConfig.to_dict` starts from `dict(self.__dict__)`: a copy of the
attributes, whose later changes reach no object, so the config's fields are still read."""
import jax
from jax.sharding import PartitionSpec as P


class Config:
    def __init__(self, axis="j", to="reduced"):
        self.axis = axis
        self.to = to

    def to_dict(self):
        output = dict(self.__dict__)
        output["model_type"] = "head"
        return output


class Head:
    def __init__(self, config):
        self.config = config

    def __call__(self, x):
        h = jax.lax.all_gather(x, self.config.axis, axis=1, tiled=True, to=self.config.to)
        return h.mean(axis=-1, keepdims=True)  # SF106


def main(mesh, x):
    config = Config()
    print(sorted(config.to_dict()))
    return jax.shard_map(Head(config), mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)
