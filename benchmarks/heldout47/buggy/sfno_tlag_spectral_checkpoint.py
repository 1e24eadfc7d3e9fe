"""Moves SFNO spectral weights from the training layout to a latitude-only serving layout."""
from dataclasses import dataclass

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass(frozen=True)
class SpectralLayout:
    train: P = P(("data", "lat"), None)
    serve: P = P("lat", None, reduced={"data"})


def load_weights(mesh, layout, raw):
    return jax.device_put(raw, NamedSharding(mesh, layout.train))


def to_serving(weights, layout):
    return top_level_all_gather(weights, layout.serve)


def inputs():
    return (np.arange(16 * 8, dtype=np.float32).reshape(16, 8) / 128.0,)


def main(raw):
    mesh = jax.make_mesh((2, 4), ("data", "lat"))
    layout = SpectralLayout()
    with jax.set_mesh(mesh):
        weights = load_weights(mesh, layout, raw)
        served = to_serving(weights, layout)
    return served


if __name__ == "__main__":
    main(*inputs())
