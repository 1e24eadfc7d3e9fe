"""RNN-T joint network written as small flax-like modules (setup / __call__) in plain JAX."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Module:
    def __init__(self, **attrs):
        for k, v in attrs.items():
            setattr(self, k, v)
        self.setup()

    def setup(self):
        pass


class EncoderProjection(Module):
    def setup(self):
        self.scale = 1.0 / np.sqrt(self.features)

    def __call__(self, enc):
        return jnp.tanh(enc * self.scale)


class JointNetwork(Module):
    def setup(self):
        self.enc_proj = EncoderProjection(features=16)

    def __call__(self, enc):
        h = self.enc_proj(enc)
        h = jax.lax.all_gather(h, self.hidden_axis, axis=1, tiled=True, to="reduced")
        return jax.lax.all_gather(h, (self.batch_axis, self.hidden_axis), tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(11)
    return (rng.standard_normal((8, 16)).astype(np.float32),)


def main(enc):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    joint = JointNetwork(batch_axis="data", hidden_axis="model")
    enc = jax.device_put(enc, NamedSharding(mesh, P("data", "model")))
    return jax.shard_map(joint, mesh=mesh, in_specs=P("data", "model"),
                         out_specs=P(None, None, reduced={"data", "model"}))(enc)


if __name__ == "__main__":
    print(main(*inputs()).shape)
