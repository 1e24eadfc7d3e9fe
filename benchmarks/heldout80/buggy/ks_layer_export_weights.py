"""Export a sharded Dense layer's variables as host-replicated arrays for a .weights file."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Dense:
    def __init__(self, units, kernel_layout=(None, "model"), bias_layout=("model",), name="dense"):
        self.units = units
        self.kernel_layout = tuple(kernel_layout)
        self.bias_layout = tuple(bias_layout)
        self.name = name
        self.built = False

    def build(self, input_shape, mesh):
        rng = np.random.default_rng(2)
        kernel = rng.normal(size=(input_shape[-1], self.units)).astype(np.float32)
        self.kernel = jax.device_put(kernel, NamedSharding(mesh, P(*self.kernel_layout)))
        self.bias = jax.device_put(np.zeros(self.units, np.float32), NamedSharding(mesh, P(*self.bias_layout)))
        self.built = True

    def variable_layouts(self):
        return {"kernel": self.kernel_layout, "bias": self.bias_layout}

    def get_config(self):
        return {"units": self.units, "kernel_layout": list(self.kernel_layout),
                "bias_layout": list(self.bias_layout), "name": self.name}

    @classmethod
    def from_config(cls, config):
        return cls(**config)


def save_weights(layer, mesh):
    weights = {}
    with jax.set_mesh(mesh):
        for name, layout in layer.variable_layouts().items():
            weights[f"{layer.name}/{name}"] = top_level_all_gather(getattr(layer, name), P())
    return weights


def inputs():
    return (np.ones((4, 12), np.float32),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("batch", "model"))
    layer = Dense.from_config(Dense(8, name="ffn_out").get_config())
    layer.build(x.shape, mesh)
    weights = save_weights(layer, mesh)
    return weights["ffn_out/kernel"]


if __name__ == "__main__":
    print(main(*inputs()))
