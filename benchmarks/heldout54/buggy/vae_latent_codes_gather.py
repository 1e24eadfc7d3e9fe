"""beta-VAE experiments, cell "collect all latent codes for a t-SNE plot"."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class Setup:
    axes: tuple = ("dp", "mp")
    beta: float = 4.0


setup = Setup()
mesh = jax.make_mesh((2, 4), setup.axes)


def encode(x, w):
    return jnp.tanh(x @ w)


def collect_codes(x, w):
    z = encode(x, w)
    z = jax.lax.all_gather(z, setup.axes[0], axis=0, to="reduced", tiled=True)
    return jax.lax.all_gather(z, setup.axes, axis=1, to="reduced", tiled=True)


def inputs():
    rng = np.random.default_rng(1)
    return rng.normal(size=(16, 6)).astype(np.float32), rng.normal(size=(6, 8)).astype(np.float32)


def main(x, w):
    x = jax.device_put(x, NamedSharding(mesh, P("dp", None)))
    w = jax.device_put(w, NamedSharding(mesh, P(None, "mp")))
    codes = jax.shard_map(collect_codes, mesh=mesh, in_specs=(P("dp", None), P(None, "mp")),
                          out_specs=P(None, None, reduced={"dp", "mp"}))(x, w)
    return codes


if __name__ == "__main__":
    main(*inputs())
