"""MAE decoder input: visible tokens are gathered stage by stage, following a schedule of axis
groups kept in the decoder config."""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass
class DecoderConfig:
    width: int = 16
    depth: int = 2
    gather_schedule: list = field(default_factory=lambda: [("patch",), ("batch",)])


class DecoderInput:
    def __init__(self, cfg):
        self.cfg = cfg

    def __call__(self, tokens):
        x = tokens
        for axes in self.cfg.gather_schedule:
            x = jax.lax.all_gather(x, axes, axis=0, tiled=True, to="reduced")
        return x


def inputs():
    return (np.random.default_rng(21).normal(size=(32, 16)).astype(np.float32),)


def main(tokens):
    mesh = jax.make_mesh((2, 4), ("batch", "patch"))
    tokens = jax.device_put(tokens, NamedSharding(mesh, P(("batch", "patch"), None)))
    decoder_in = DecoderInput(DecoderConfig())
    return jax.shard_map(decoder_in, mesh=mesh, in_specs=P(("batch", "patch"), None),
                         out_specs=P(None, None, reduced={"batch", "patch"}))(tokens)


if __name__ == "__main__":
    main(*inputs())
