"""Near miss of dh1: `vars(config)` hands out the live attribute dict and a store through it
makes the gather 'invarying' (no error): the fields are not read from the constructor."""
import jax
from jax.sharding import PartitionSpec as P


class Config:
    def __init__(self, axis="j", to="reduced"):
        self.axis = axis
        self.to = to

    def to_dict(self):
        return dict(self.__dict__)


class Head:
    def __init__(self, config):
        self.config = config

    def __call__(self, x):
        h = jax.lax.all_gather(x, self.config.axis, axis=1, tiled=True, to=self.config.to)
        return h.mean(axis=-1, keepdims=True)


def main(mesh, x):
    config = Config()
    state = vars(config)
    state["to"] = "invarying"
    return jax.shard_map(Head(config), mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None))(x)
