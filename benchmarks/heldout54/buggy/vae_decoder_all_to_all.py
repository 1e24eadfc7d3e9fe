"""Convolutional VAE tutorial -- re-sharding decoder features from latent-parallel to batch-parallel."""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass
class DecoderCfg:
    hidden: int = 16
    axes: dict = field(default_factory=lambda: {"batch": "dp", "latent": "mp"})


cfg = DecoderCfg()
mesh = jax.make_mesh((2, 4), ("dp", "mp"))


def decode_features(z, w):
    h = jax.nn.gelu(z @ w)
    return jax.lax.all_gather(h, cfg.axes["latent"], axis=1, to="reduced", tiled=True)


def to_batch_parallel(h):
    return jax.lax.all_to_all(h, cfg.axes["latent"], split_axis=0, concat_axis=1, tiled=True)


def inputs():
    rng = np.random.default_rng(2)
    return rng.normal(size=(16, 8)).astype(np.float32), rng.normal(size=(8, cfg.hidden)).astype(np.float32)


def main(z, w):
    z = jax.device_put(z, NamedSharding(mesh, P("dp", None)))
    w = jax.device_put(w, NamedSharding(mesh, P(None, "mp")))
    fn = jax.shard_map(lambda z, w: to_batch_parallel(decode_features(z, w)), mesh=mesh,
                       in_specs=(P("dp", None), P(None, "mp")), out_specs=P(("dp", "mp"), None))
    return fn(z, w)


if __name__ == "__main__":
    main(*inputs())
