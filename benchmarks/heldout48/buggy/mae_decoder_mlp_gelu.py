"""MAE decoder block, flax-like: `setup` reads the config, the hidden features are joined over the
tensor-parallel patch axis before the activation."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class nn_Module:
    def __init__(self, **cfg):
        self.__dict__.update(cfg)
        self.setup()

    def setup(self):
        pass


class DecoderMlp(nn_Module):
    def setup(self):
        self.hidden_axis = self.axis_names[1]
        self.act = jax.nn.gelu

    def __call__(self, h):
        h = jax.lax.all_gather(h, self.hidden_axis, axis=-1, tiled=True, to="reduced")
        return self.act(h)


def inputs():
    return (np.random.default_rng(24).normal(size=(8, 32)).astype(np.float32),)


def main(h):
    mesh = jax.make_mesh((2, 4), ("batch", "patch"))
    h = jax.device_put(h, NamedSharding(mesh, P("batch", "patch")))
    block = DecoderMlp(axis_names=mesh.axis_names, mlp_ratio=4)
    return jax.shard_map(block, mesh=mesh, in_specs=P("batch", "patch"), out_specs=P("batch", None))(h)


if __name__ == "__main__":
    main(*inputs())
