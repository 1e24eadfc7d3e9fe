"""VAE notebook, last section: decode a grid of samples and bring it to one layout for plotting."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass
class PlotCfg:
    grid: int = 8
    sample_spec: P = P("dp", None)
    plot_spec: P = P(None, None, reduced={"dp"})


cfg = PlotCfg()
mesh = jax.make_mesh((2, 4), ("dp", "mp"))


def decode(z):
    return jax.nn.sigmoid(z @ jnp.ones((z.shape[1], 4)))


def to_plot_layout(samples):
    return top_level_all_gather(samples, cfg.plot_spec)


def inputs():
    rng = np.random.default_rng(3)
    return (rng.normal(size=(cfg.grid * 2, 4)).astype(np.float32),)


def main(z):
    with jax.set_mesh(mesh):
        z = jax.device_put(z, NamedSharding(mesh, cfg.sample_spec))
        samples = decode(z)
    return to_plot_layout(samples)


if __name__ == "__main__":
    main(*inputs())
