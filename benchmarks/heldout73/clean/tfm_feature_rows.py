"""Transformation chain output: flattened feature rows gathered per series shard for the feature store."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class FieldName:
    TARGET = "target"
    OBSERVED_VALUES = "observed_values"
    PAST_TARGET = "past_target"
    SCALE = "scale"


class DataMesh(NamedTuple):
    series: str = "series"
    time: str = "time"


class Transformation:
    def __call__(self, data):
        raise NotImplementedError

    def __add__(self, other):
        return Chain([self, other])


class Chain(Transformation):
    def __init__(self, transformations):
        self.transformations = []
        for t in transformations:
            self.transformations.extend(t.transformations if isinstance(t, Chain) else [t])

    def __call__(self, data):
        for t in self.transformations:
            data = t(data)
        return data


class MapTransformation(Transformation):
    def __call__(self, data):
        return self.map_transform(dict(data))

    def map_transform(self, data):
        raise NotImplementedError


class FieldLayout(NamedTuple):
    train: P
    host: P


AXES = DataMesh()
LAYOUT = FieldLayout(
    train=P((AXES.series, AXES.time), None),
    host=P(AXES.series, None, reduced={AXES.time}),
)


@jax.jit
def log_features(rows):
    return jnp.log1p(jnp.abs(rows))


def inputs():
    rng = np.random.default_rng(13)
    target = rng.gamma(2.0, 2.0, size=(16, 8)).astype(np.float32)
    target[::5, 3] = np.nan
    return (target,)


def export_features(rows, mesh):
    rows = jax.device_put(rows, NamedSharding(mesh, LAYOUT.train))
    with jax.set_mesh(mesh):
        features = log_features(rows)
        return top_level_all_gather(features, LAYOUT.host)


def main(target):
    mesh = jax.make_mesh((4, 2), tuple(AXES))
    rows = np.nan_to_num(target).reshape(32, 4)
    return export_features(rows, mesh)


if __name__ == "__main__":
    print(main(*inputs()))
