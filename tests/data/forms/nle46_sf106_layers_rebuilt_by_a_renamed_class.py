"""Near miss of le39: the module renames a class (`Gather.__name__ = "Plain"`), so a name read
from `type(layer).__name__` is not the one written; the rebuilt stack here holds a plain layer and
a scaling one, whose product is fine."""
import jax
from jax.sharding import PartitionSpec as P


class Layer:
    def __call__(self, x):
        return self.call(x)


class Gather(Layer):
    def __init__(self, axis="j", to="reduced"):
        self.axis, self.to = axis, to

    def call(self, x):
        return jax.lax.all_gather(x, self.axis, axis=1, tiled=True, to=self.to)

    def get_config(self):
        return {"axis": self.axis, "to": self.to}


class Scale(Layer):
    def __init__(self, factor=0.5):
        self.factor = factor

    def call(self, x):
        return x * self.factor

    def get_config(self):
        return {"factor": self.factor}


Gather.__name__ = "Plain"


class Plain(Layer):
    def __init__(self, **config):
        self.config = config

    def call(self, x):
        return x


class Stack:
    def __init__(self, layers):
        self.layers = list(layers)

    def __call__(self, x):
        for layer in self.layers:
            x = layer(x)
        return x

    def get_config(self):
        return [{"class_name": type(layer).__name__, "config": layer.get_config()} for layer in self.layers]

    @classmethod
    def from_config(cls, config):
        table = {"Gather": Gather, "Plain": Plain, "Scale": Scale}
        return cls(table[item["class_name"]](**item["config"]) for item in config)


def main(mesh, x):
    stack = Stack.from_config(Stack([Gather(), Scale()]).get_config())
    return jax.shard_map(stack, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)
