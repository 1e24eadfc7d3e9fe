"""le47 with a second head class filed in HEADS that ignores the gather kind it is given: the
model built names that one."""
import jax
from jax.sharding import PartitionSpec as P


class Registry:
    def __init__(self, name):
        self._name = name
        self._obj_map = {}

    def register(self, obj=None):
        if obj is None:
            def deco(func_or_class):
                self._obj_map[func_or_class.__name__] = func_or_class
                return func_or_class
            return deco
        self._obj_map[obj.__name__] = obj
        return obj

    def get(self, name):
        if name not in self._obj_map:
            raise KeyError(f"No object named '{name}' found in '{self._name}' registry!")
        return self._obj_map[name]


HEADS = Registry("HEADS")
MODELS = Registry("MODELS")


@HEADS.register()
class Head:
    def __init__(self, axis, to):
        self.axis = axis
        self.to = to

    def __call__(self, x):
        h = jax.lax.all_gather(x, self.axis, axis=1, tiled=True, to=self.to)
        return h.mean(axis=-1, keepdims=True)


@HEADS.register()
class VaryingHead(Head):
    def __init__(self, axis, to):
        super().__init__(axis, "varying")


@MODELS.register()
class Model:
    def __init__(self, axis, head):
        self.axis = axis
        self.head = HEADS.get(head)(self.axis, "reduced")

    def forward(self, x):
        return self.head(x)

    def __call__(self, mesh, x):
        return jax.shard_map(self.forward, mesh=mesh, in_specs=P("i", self.axis), out_specs=P("i", self.axis))(x)


def main(mesh, x):
    model = MODELS.get("Model")("j", "VaryingHead")
    return model(mesh, x)
