"""A Sequential stack of preprocessing layers that gathers features before rescaling them."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Layer:
    def __init__(self, name=None):
        self.name = name or type(self).__name__.lower()

    def __call__(self, x):
        return self.call(x)

    def get_config(self):
        return {"name": self.name}

    @classmethod
    def from_config(cls, config):
        return cls(**config)


class AllGatherFeatures(Layer):
    def __init__(self, axis_name="model", mode="reduced", **kwargs):
        super().__init__(**kwargs)
        self.axis_name = axis_name
        self.mode = mode

    def call(self, x):
        return jax.lax.all_gather(x, self.axis_name, axis=1, tiled=True, to=self.mode)

    def get_config(self):
        return {**super().get_config(), "axis_name": self.axis_name, "mode": self.mode}


class Rescaling(Layer):
    def __init__(self, scale, offset=0.0, **kwargs):
        super().__init__(**kwargs)
        self.scale = scale
        self.offset = offset

    def call(self, x):
        return x * self.scale + self.offset

    def get_config(self):
        return {**super().get_config(), "scale": self.scale, "offset": self.offset}


class Sequential:
    def __init__(self, layers):
        self.layers = list(layers)

    def __call__(self, x):
        for layer in self.layers:
            x = layer(x)
        return x

    def get_config(self):
        return [{"class_name": type(l).__name__, "config": l.get_config()} for l in self.layers]

    @classmethod
    def from_config(cls, config):
        registry = {"AllGatherFeatures": AllGatherFeatures, "Rescaling": Rescaling}
        return cls(registry[c["class_name"]].from_config(c["config"]) for c in config)


def inputs():
    return (np.arange(8 * 16, dtype=np.float32).reshape(8, 16),)


def main(pixels):
    mesh = jax.make_mesh((2, 4), ("batch", "model"))
    model = Sequential([Rescaling(scale=1.0 / 255, offset=-0.5), AllGatherFeatures(axis_name="model")])
    model = Sequential.from_config(model.get_config())
    pixels = jax.device_put(pixels, NamedSharding(mesh, P("batch", "model")))
    preprocess = jax.shard_map(model, mesh=mesh, in_specs=P("batch", "model"), out_specs=P("batch", None, reduced={"model"}))
    return preprocess(pixels)


if __name__ == "__main__":
    print(main(*inputs()))
